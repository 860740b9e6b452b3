/**
 * Runs the effects of one transition through activities. Each activity has its own retry policy;
 * keys are `${workflowId}:${version}:${effect}` (version = the state version that produced the effect),
 * so a retried or replayed activity does its work once. Mails are best effort (a mail outage must not
 * stall the chain); ledger, PDF and read model retry until they succeed.
 *
 * Two ways to run them (chosen once per run by a patch marker, so older histories replay unchanged):
 * - `acts`: every effect an activity task of its own (the first version);
 * - `fast`: the short database steps (redeem / issue the code, ledger append, read model) as local
 *   activities inside the workflow task that accepted the message, and mails sent after the caller has
 *   its answer. A sign then costs one workflow task instead of four task round trips through the server
 *   (bench/RESULTS.md, the sign profile). The PDF stays an ordinary activity: it is Chromium's time.
 */
import { log, proxyActivities, proxyLocalActivities, type ActivityOptions, type LocalActivityOptions, type RetryPolicy } from '@temporalio/workflow';
import {
  APP_ERROR_FAILURE_TYPE,
  recordLedgerTx,
  recordPdf,
  type CertificateActivityContract as CertificateActivities,
  type CertificateEffect,
  type CertificateState,
} from '@grain/domain/workflow-safe';

type StepOptions = Pick<ActivityOptions & LocalActivityOptions, 'startToCloseTimeout' | 'retry'>;
const durable: RetryPolicy = { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', nonRetryableErrorTypes: [APP_ERROR_FAILURE_TYPE] };

/** Options shared by a step's activity and its local-activity form (fast mode). */
const OTP: StepOptions = {
  startToCloseTimeout: '20s',
  retry: { initialInterval: '500ms', maximumAttempts: 3, nonRetryableErrorTypes: [APP_ERROR_FAILURE_TYPE] },
};
const DB_STEP: StepOptions = { startToCloseTimeout: '30s', retry: durable };

export const acts = {
  otp: proxyActivities<Pick<CertificateActivities, 'issueOtp' | 'redeemOtp'>>(OTP),
  mail: proxyActivities<Pick<CertificateActivities, 'notifyCertificate' | 'remindSigners'>>({
    startToCloseTimeout: '30s',
    retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '1m', maximumAttempts: 8 },
  }),
  ledger: proxyActivities<Pick<CertificateActivities, 'appendLedger'>>(DB_STEP),
  readModel: proxyActivities<Pick<CertificateActivities, 'upsertCertificateReadModel'>>(DB_STEP),
  pdf: proxyActivities<Pick<CertificateActivities, 'generateCertificatePdf'>>({ startToCloseTimeout: '2m', retry: { ...durable, maximumInterval: '1m' } }),
};

/** The same steps as local activities (same timeouts and retry policies; the worker retries them). */
export const fast = {
  otp: proxyLocalActivities<Pick<CertificateActivities, 'issueOtp' | 'redeemOtp'>>(OTP),
  ledger: proxyLocalActivities<Pick<CertificateActivities, 'appendLedger'>>(DB_STEP),
  readModel: proxyLocalActivities<Pick<CertificateActivities, 'upsertCertificateReadModel'>>(DB_STEP),
  /** A batch's redeem, ledger entries and read model as one step (certificate-commit.ts). */
  commit: proxyLocalActivities<Pick<CertificateActivities, 'commitCertificateBatch'>>(DB_STEP),
};

/** A mail to send once the batch that produced it is answered (fast mode). */
export type PendingMail = Parameters<CertificateActivities['notifyCertificate']>[0];

export function mailContext(s: CertificateState, level: number) {
  const l = s.levels[level - 1];
  return { certificateId: s.id, approvalNumber: s.approvalNumber, approvalName: s.approvalName, level, group: l?.group, deadline: l?.deadline };
}

/**
 * Runs one batch's effects in order. With `deferMail` (fast mode) mails are not sent here but returned,
 * each with the context of the moment it was produced, for the caller to send after answering.
 */
export async function runEffects(
  wfId: string,
  version: number,
  effects: CertificateEffect[],
  get: () => CertificateState,
  set: (s: CertificateState) => void,
  opts: { fast?: boolean } = {},
): Promise<PendingMail[]> {
  const later: PendingMail[] = [];
  const ledger = opts.fast ? fast.ledger : acts.ledger;
  for (const e of effects) {
    const key = `${wfId}:${version}`;
    switch (e.type) {
      case 'ledger': {
        const r = await ledger.appendLedger({ key: `${key}:${e.event}`, type: e.event, payload: { certificateId: get().id, ...e.payload } });
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
        const mail: PendingMail = { key: `${key}:${e.type}`, effect: e, ctx: mailContext(get(), level) };
        if (opts.fast) later.push(mail);
        else await sendMail(mail);
      }
    }
  }
  return later;
}

/** Sends one certificate mail; best effort (logged, never fails the workflow). */
export async function sendMail(mail: PendingMail): Promise<void> {
  await acts.mail.notifyCertificate(mail).catch((err) => log.warn('certificate mail failed', { effect: mail.effect.type, error: String(err) }));
}
