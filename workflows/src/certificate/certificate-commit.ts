/**
 * One batch's work: its redeem (a sign's code), ledger appends, read-model write and mails as one local
 * activity, the tx ids recorded on the state. A completing batch writes the certificate done at once
 * (its sign answers then) and holds its mails; the PDF follows (makePdf: an activity asked with ids, of
 * the state the commit wrote), which records the PDF on the read model and lets the batch's mails go.
 */
import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';
import {
  APP_ERROR_FAILURE_TYPE,
  certificateMailContext,
  recordLedgerTx,
  recordPdf,
  type CertificateEffect,
  type CertificateNotice,
  type CertificateState,
  type KeyedLedgerEffect,
  type NotifyEffect,
} from '@grain/domain/workflow-safe';
import { commitCertificateBatch, generateCertificatePdf } from './certificate-effects';
import type { Batch, CertificateRun } from './certificate-run';

const nowIso = () => new Date().toISOString();
type LedgerEffect = Extract<CertificateEffect, { type: 'ledger' }>;
const isLedger = (e: CertificateEffect): e is LedgerEffect => e.type === 'ledger';
const isNotice = (e: CertificateEffect): e is NotifyEffect => e.type !== 'ledger' && e.type !== 'generatePdf';

/** The notices of a batch, each under its key, quoting the level it concerns. */
function noticesOf(s: CertificateState, key: string, effects: CertificateEffect[]): CertificateNotice[] {
  return effects.filter(isNotice).map((e) => {
    const level = e.type === 'notifyRejected' ? e.toLevel : e.type === 'notifyCompleted' ? s.levels.length : e.level;
    return { key: `${key}:${e.type}`, effect: e, ctx: certificateMailContext(s, level) };
  });
}

/**
 * Runs one batch; a sign whose code is refused is undone (its handler answers with the refusal). Answers
 * the version the read model shows after it (undefined when refused).
 */
export async function commitBatch(run: CertificateRun, wfId: string, batch: Batch): Promise<number | undefined> {
  const key = `${wfId}:${batch.version}`;
  const ledger: KeyedLedgerEffect[] = batch.effects.filter(isLedger).map((effect) => ({ key: `${key}:${effect.event}`, effect }));
  const pdf = wantsPdf(batch);
  const at = nowIso();
  const notices = noticesOf(run.state, key, batch.effects);
  const written = run.state.version + ledger.length;
  let txIds: string[];
  try {
    ({ txIds } = await run.step(() =>
      commitCertificateBatch({ redeem: batch.redeem, ledger, state: run.state, readModel: 'write', notices, at, ...(pdf ? { mailsWaitForPdf: true } : {}) }),
    ));
  } catch (e) {
    if (!batch.redeem) throw e;
    // A refusal (the code was not valid) is the sign Update's answer.
    const refusal = e instanceof ActivityFailure && e.cause instanceof ApplicationFailure && e.cause.type === APP_ERROR_FAILURE_TYPE;
    run.refuse(batch, refusal ? e.cause : e);
    return undefined;
  }
  run.confirm(batch);
  // The same records the activity wrote, on the state as it is now (an Update may have changed it meanwhile).
  run.state = ledger.reduce((s, { effect }, i) => recordLedgerTx(s, effect, txIds[i], at), run.state);
  return written;
}

/** The batch completes the certificate: its PDF is to be made once the batch is done. */
export const wantsPdf = (batch: Batch): boolean => batch.effects.some((e) => e.type === 'generatePdf');

/**
 * Makes the PDF of the version the completing batch wrote (`written`), and records it on the state as the
 * activity recorded it on the read model (same time, same version).
 */
export async function makePdf(run: CertificateRun, written: number): Promise<void> {
  const at = nowIso();
  const { pdfKey } = await generateCertificatePdf({ certificateId: run.state.id, version: written, at });
  run.state = recordPdf(run.state, pdfKey, at);
}
