/**
 * A batch's work as few steps as it can be: one local activity redeems a sign's code, appends the
 * batch's ledger entries and writes the read model with their tx ids — one database transaction with
 * the embedded ledger. A batch that renders the PDF writes the read model in a second step, after the
 * PDF. Mails are returned, to be sent after the answer.
 */
import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';
import { APP_ERROR_FAILURE_TYPE, recordLedgerTx, recordPdf, type CertificateEffect, type KeyedLedgerEffect } from '@grain/domain/workflow-safe';
import { commitCertificateBatch, generateCertificatePdf, mailContext, type PendingMail } from './certificate-effects';
import type { Batch, CertificateRun } from './certificate-run';

const nowIso = () => new Date().toISOString();
type LedgerEffect = Extract<CertificateEffect, { type: 'ledger' }>;
const isLedger = (e: CertificateEffect): e is LedgerEffect => e.type === 'ledger';

/** Runs one batch; a sign whose code is refused is undone (its handler answers with the refusal). */
export async function commitBatch(run: CertificateRun, wfId: string, batch: Batch): Promise<PendingMail[]> {
  const key = `${wfId}:${batch.version}`;
  const ledger: KeyedLedgerEffect[] = batch.effects.filter(isLedger).map((effect) => ({ key: `${key}:${effect.event}`, effect }));
  const pdf = batch.effects.some((e) => e.type === 'generatePdf');
  const at = nowIso();
  let txIds: string[];
  try {
    ({ txIds } = await run.step(() => commitCertificateBatch({ redeem: batch.redeem, ledger, state: run.state, writeReadModel: !pdf, at })));
  } catch (e) {
    if (!batch.redeem) throw e;
    // A refusal (the code was not valid) is the sign Update's answer.
    const refusal = e instanceof ActivityFailure && e.cause instanceof ApplicationFailure && e.cause.type === APP_ERROR_FAILURE_TYPE;
    run.refuse(batch, refusal ? e.cause : e);
    return [];
  }
  run.confirm(batch);
  // The same records the activity wrote, on the state as it is now (an Update may have changed it meanwhile).
  run.state = ledger.reduce((s, { effect }, i) => recordLedgerTx(s, effect, txIds[i], at), run.state);
  if (pdf) {
    const r = await generateCertificatePdf({ key: wfId, state: run.state });
    run.state = recordPdf(run.state, r.pdfKey, nowIso());
    await run.step(() => commitCertificateBatch({ ledger: [], state: run.state, writeReadModel: true, at }));
  }
  const mails: PendingMail[] = [];
  for (const e of batch.effects) {
    if (e.type === 'ledger' || e.type === 'generatePdf') continue;
    const level = e.type === 'notifyRejected' ? e.toLevel : e.type === 'notifyCompleted' ? run.state.levels.length : e.level;
    mails.push({ key: `${key}:${e.type}`, effect: e, ctx: mailContext(run.state, level) });
  }
  return mails;
}
