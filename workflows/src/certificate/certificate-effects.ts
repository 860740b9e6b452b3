/**
 * The certificate's activities as the workflow calls them. Keys are `${workflowId}:${version}:${effect}`
 * (version = the state version that produced the effect), so a retried or replayed activity does its
 * work once. The short database steps (a batch's commit, a signing code) are local activities inside the
 * workflow task that accepted the message; the PDF is an ordinary activity (it is Chromium's time);
 * mails are best effort and go out after the caller has its answer (a mail outage must not stall the chain).
 */
import { log, proxyActivities, proxyLocalActivities, type RetryPolicy } from '@temporalio/workflow';
import { APP_ERROR_FAILURE_TYPE, type CertificateActivityContract as CertificateActivities, type CertificateState } from '@grain/domain/workflow-safe';

const durable: RetryPolicy = { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', nonRetryableErrorTypes: [APP_ERROR_FAILURE_TYPE] };

/** A batch's redeem, ledger entries and read model as one step (certificate-commit.ts). */
export const { commitCertificateBatch } = proxyLocalActivities<Pick<CertificateActivities, 'commitCertificateBatch'>>({
  startToCloseTimeout: '30s',
  retry: durable,
});
/** Makes, stores and mails a signing code. */
export const { issueOtp } = proxyLocalActivities<Pick<CertificateActivities, 'issueOtp'>>({
  startToCloseTimeout: '20s',
  retry: { initialInterval: '500ms', maximumAttempts: 3, nonRetryableErrorTypes: [APP_ERROR_FAILURE_TYPE] },
});
const { notifyCertificate } = proxyActivities<Pick<CertificateActivities, 'notifyCertificate'>>({
  startToCloseTimeout: '30s',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '1m', maximumAttempts: 8 },
});
export const { generateCertificatePdf } = proxyActivities<Pick<CertificateActivities, 'generateCertificatePdf'>>({
  startToCloseTimeout: '2m',
  retry: { ...durable, maximumInterval: '1m' },
});

/** A mail to send once the batch that produced it is answered. */
export type PendingMail = Parameters<CertificateActivities['notifyCertificate']>[0];

export function mailContext(s: CertificateState, level: number) {
  const l = s.levels[level - 1];
  return { certificateId: s.id, approvalNumber: s.approvalNumber, approvalName: s.approvalName, level, group: l?.group, deadline: l?.deadline };
}

/** Sends one certificate mail; best effort (logged, never fails the workflow). */
export async function sendMail(mail: PendingMail): Promise<void> {
  await notifyCertificate(mail).catch((err) => log.warn('certificate mail failed', { effect: mail.effect.type, error: String(err) }));
}
