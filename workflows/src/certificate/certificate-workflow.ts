/**
 * One workflow per certificate (id certificateWorkflowId: company, number, id), started by the API on
 * submit. Wiring only: every rule lives in the domain machine (transition), the bookkeeping in
 * CertificateRun, a batch's work in certificate-commit.ts, the timers in certificate-timers.ts. This
 * file turns Updates and timers into commands and runs the batches they make, one by one.
 */
import { currentUpdateInfo, setHandler, workflowInfo } from '@temporalio/workflow';
import type { CommandActor } from '@grain/domain/workflow-safe';
import * as m from './certificate-messages';
import { operatorsView } from './certificate-search-attributes';
import { commitCertificateBatch } from './certificate-effects';
import { commitBatch, makePdf, wantsPdf } from './certificate-commit';
import { fireDueTimers, nextTimer } from './certificate-timers';
import { CertificateRun } from './certificate-run';

const nowIso = () => new Date().toISOString();
const signCommand = (actor: CommandActor) => ({ type: 'sign' as const, actor, at: nowIso() });

export async function certificateWorkflow(input: m.CertificateWorkflowInput): Promise<m.CertificateOutcome> {
  const wfId = workflowInfo().workflowId;
  const run = new CertificateRun(input);
  setHandler(m.stateQuery, () => run.state);

  run.onCommand(
    m.signUpdate,
    (a) => ({ ...signCommand(a.actor), note: a.note, signatureValue: a.signatureValue }),
    (cmd, a) => {
      const redeemKey = `${wfId}:${currentUpdateInfo()?.id ?? ''}`;
      // A signature is made when its code is redeemed (bound to the level and content then), not when the Update was accepted.
      return run.sign((s) => ({
        cmd: { ...cmd, at: nowIso() },
        redeem: { otpId: a.otpId, redeemKey, binding: { certificateId: s.id, level: s.stage, userId: a.actor.id, contentHash: s.contentHash } },
      }));
    },
  );
  run.onCommand(m.rejectUpdate, (a) => ({ type: 'reject', actor: a.actor, toLevel: a.toLevel, reason: a.reason, at: nowIso() }));
  run.onCommand(m.delegateUpdate, (a) => ({ type: 'delegate', actor: a.actor, to: a.to, note: a.note, at: nowIso() }));
  run.onCommand(m.resubmitUpdate, (a) => ({ type: 'resubmit', actor: a.actor, changes: a.changes, at: nowIso() }));
  run.onCommand(m.editUpdate, (a) => ({ type: 'edit', actor: a.actor, changes: a.changes, at: nowIso() }));
  run.onCommand(m.cancelUpdate, (a) => ({ type: 'cancel', actor: a.actor, reason: a.reason, at: nowIso() }));
  run.onCommand(m.adjustLevelUpdate, (a) => ({ type: 'adjustLevel', actor: a.actor, level: a.level, deadline: a.deadline, signers: a.signers, at: nowIso() }));
  run.onCommand(m.remindUpdate, (a) => ({ type: 'remind', actor: a.actor, to: a.to, at: nowIso() }));

  const showToOperators = operatorsView();
  showToOperators(run.state);
  // The PDF of a completing batch: made after its sign answered, awaited before the run ends.
  let pdf: Promise<void> | undefined;
  for (;;) {
    for (let batch = run.nextBatch(); batch; batch = run.nextBatch()) {
      const written = await commitBatch(run, wfId, batch);
      showToOperators(run.state);
      run.finish(batch, written);
      if (written !== undefined && wantsPdf(batch)) pdf = makePdf(run, written);
    }
    if (run.finished()) {
      await pdf;
      if (await run.quiesce()) return { version: run.state.version, status: run.state.status };
    } else if (run.shouldContinueAsNew()) {
      if (await run.quiesce()) await run.continueAsNew();
    } else {
      const due = fireDueTimers(run, wfId);
      // a reminder's mail is queued in the outbox (one step, no read-model change)
      if (due.notices.length)
        await run.step(() => commitCertificateBatch({ ledger: [], state: run.state, readModel: 'none', notices: due.notices, at: nowIso() }));
      if (!due.fired) await run.idleUntil(nextTimer(run));
    }
  }
}
