/**
 * One workflow per certificate (id certificateWorkflowId: company, number, id), started by the API on
 * submit. Wiring only: every rule lives in the domain machine (transition), the bookkeeping in
 * CertificateRun, a batch's work in certificate-commit.ts, the timers in certificate-timers.ts. This
 * file turns Updates and timers into commands and runs the batches they make, one by one.
 */
import { currentUpdateInfo, setHandler, workflowInfo } from '@temporalio/workflow';
import type { CertificateCommand } from '@grain/domain/workflow-safe';
import * as m from './certificate-messages';
import { operatorsView } from './certificate-search-attributes';
import { commitCertificateBatch } from './certificate-effects';
import { commitBatch, makePdf, wantsPdf } from './certificate-commit';
import { fireDueTimers, nextTimer } from './certificate-timers';
import { CertificateRun, type CommandUpdate } from './certificate-run';

const nowIso = () => new Date().toISOString();

/** The certificate's Updates by name, shared by every run (each run registers them with CertificateRun.onCommands). */
const UPDATES: ReadonlyMap<string, CommandUpdate> = new Map(
  (
    [
      {
        update: m.signUpdate,
        toCommand: (a: m.SignArgs) => ({ type: 'sign', actor: a.actor, at: nowIso(), note: a.note, signatureValue: a.signatureValue }),
        // A signature is made when its code is redeemed (bound to the level and content then), not when the Update was accepted.
        handle: (run: CertificateRun, cmd: CertificateCommand, a: m.SignArgs) => {
          const redeemKey = `${workflowInfo().workflowId}:${currentUpdateInfo()?.id ?? ''}`;
          return run.sign((s) => ({
            cmd: { ...cmd, at: nowIso() },
            redeem: { otpId: a.otpId, redeemKey, binding: { certificateId: s.id, level: s.stage, userId: a.actor.id, contentHash: s.contentHash } },
          }));
        },
      },
      { update: m.rejectUpdate, toCommand: (a: m.RejectArgs) => ({ type: 'reject', actor: a.actor, toLevel: a.toLevel, reason: a.reason, at: nowIso() }) },
      { update: m.delegateUpdate, toCommand: (a: m.DelegateArgs) => ({ type: 'delegate', actor: a.actor, to: a.to, note: a.note, at: nowIso() }) },
      { update: m.resubmitUpdate, toCommand: (a: m.ResubmitArgs) => ({ type: 'resubmit', actor: a.actor, changes: a.changes, at: nowIso() }) },
      { update: m.editUpdate, toCommand: (a: m.EditArgs) => ({ type: 'edit', actor: a.actor, changes: a.changes, at: nowIso() }) },
      { update: m.cancelUpdate, toCommand: (a: m.CancelArgs) => ({ type: 'cancel', actor: a.actor, reason: a.reason, at: nowIso() }) },
      {
        update: m.adjustLevelUpdate,
        toCommand: (a: m.AdjustLevelArgs) => ({ type: 'adjustLevel', actor: a.actor, level: a.level, deadline: a.deadline, signers: a.signers, at: nowIso() }),
      },
      { update: m.remindUpdate, toCommand: (a: m.RemindArgs) => ({ type: 'remind', actor: a.actor, to: a.to, at: nowIso() }) },
    ] satisfies CommandUpdate[]
  ).map((u) => [u.update.name, u as CommandUpdate]),
);

export async function certificateWorkflow(input: m.CertificateWorkflowInput): Promise<m.CertificateOutcome> {
  const wfId = workflowInfo().workflowId;
  const run = new CertificateRun(input);
  setHandler(m.stateQuery, () => run.state);
  run.onCommands(UPDATES);

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
