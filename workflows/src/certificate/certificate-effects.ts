/**
 * The certificate's activities as the workflow calls them. Keys are `${workflowId}:${version}:${effect}`
 * (version = the state version that produced the effect), so a retried or replayed activity does its
 * work once. A batch's database work (redeem, ledger, read model, its mails queued in the outbox) is one
 * local activity inside the workflow task that accepted the message: its input is not recorded in the
 * history. The PDF is an ordinary activity (it is Chromium's time), asked with ids only. Mails are sent by
 * the outbox's relay outside the workflow (a mail outage must not stall the chain).
 */
import { proxyActivities, proxyLocalActivities, type RetryPolicy } from '@temporalio/workflow';
import { APP_ERROR_FAILURE_TYPE, type CertificateActivityContract as CertificateActivities } from '@grain/domain/workflow-safe';

const durable: RetryPolicy = { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', nonRetryableErrorTypes: [APP_ERROR_FAILURE_TYPE] };

/** A batch's redeem, ledger entries, read model and mails as one step (certificate-commit.ts). */
export const { commitCertificateBatch } = proxyLocalActivities<Pick<CertificateActivities, 'commitCertificateBatch'>>({
  startToCloseTimeout: '30s',
  retry: durable,
});
export const { generateCertificatePdf } = proxyActivities<Pick<CertificateActivities, 'generateCertificatePdf'>>({
  startToCloseTimeout: '2m',
  // the worker heartbeats while it renders (worker/src/heartbeats.ts): a render cut by a dead worker is
  // retried after this, not after the 2 minutes
  heartbeatTimeout: '10s',
  retry: { ...durable, maximumInterval: '1m' },
});
