/**
 * Runs the effects of one transition through activities. Each activity has its own retry policy;
 * keys are `${workflowId}:${version}:${effect}` (version = the state version that produced the effect),
 * so a retried or replayed activity does its work once. Mails are best effort (a mail outage must not
 * stall the chain); ledger, PDF and read model retry until they succeed.
 */
import { ActivityFailure, ApplicationFailure, log, proxyActivities, type RetryPolicy } from '@temporalio/workflow';
import { recordLedgerTx, recordPdf, type CertificateActivityContract as CertificateActivities, type CertificateEffect, type CertificateState } from '@grain/domain';
import { APP_ERROR_FAILURE_TYPE } from './certificate-messages';

const durable: RetryPolicy = { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', nonRetryableErrorTypes: [APP_ERROR_FAILURE_TYPE] };

export const acts = {
  otp: proxyActivities<Pick<CertificateActivities, 'issueOtp' | 'redeemOtp'>>({
    startToCloseTimeout: '20s',
    retry: { initialInterval: '500ms', maximumAttempts: 3, nonRetryableErrorTypes: [APP_ERROR_FAILURE_TYPE] },
  }),
  mail: proxyActivities<Pick<CertificateActivities, 'notifyCertificate' | 'remindSigners'>>({
    startToCloseTimeout: '30s',
    retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '1m', maximumAttempts: 8 },
  }),
  ledger: proxyActivities<Pick<CertificateActivities, 'appendLedger'>>({ startToCloseTimeout: '30s', retry: durable }),
  readModel: proxyActivities<Pick<CertificateActivities, 'upsertCertificateReadModel'>>({ startToCloseTimeout: '30s', retry: durable }),
  pdf: proxyActivities<Pick<CertificateActivities, 'generateCertificatePdf'>>({ startToCloseTimeout: '2m', retry: { ...durable, maximumInterval: '1m' } }),
};

/** Turns an activity's permanent refusal into the failure an Update answers with. */
export function unwrapRefusal(e: unknown): never {
  if (e instanceof ActivityFailure && e.cause instanceof ApplicationFailure && e.cause.type === APP_ERROR_FAILURE_TYPE) throw e.cause;
  throw e;
}

export function mailContext(s: CertificateState, level: number) {
  const l = s.levels[level - 1];
  return { approvalNumber: s.approvalNumber, approvalName: s.approvalName, level, group: l?.group, deadline: l?.deadline };
}

export async function runEffects(
  wfId: string, version: number, effects: CertificateEffect[], get: () => CertificateState, set: (s: CertificateState) => void,
): Promise<CertificateState> {
  for (const e of effects) {
    const key = `${wfId}:${version}`;
    switch (e.type) {
      case 'ledger': {
        const r = await acts.ledger.appendLedger({ key: `${key}:${e.event}`, type: e.event, payload: { certificateId: get().id, ...e.payload } });
        set(recordLedgerTx(get(), e, r.txId, new Date().toISOString()));
        break;
      }
      case 'generatePdf': {
        const r = await acts.pdf.generateCertificatePdf({ key: wfId, state: get() });
        set(recordPdf(get(), r.pdfKey, new Date().toISOString()));
        break;
      }
      default: {
        const level = e.type === 'notifyRejected' ? e.toLevel : e.type === 'notifyCompleted' ? get().levels.length : e.level;
        await acts.mail.notifyCertificate({ key: `${key}:${e.type}`, effect: e, ctx: mailContext(get(), level) })
          .catch((err) => log.warn('certificate mail failed', { effect: e.type, error: String(err) }));
      }
    }
  }
  return get();
}
