/**
 * One workflow per certificate (id certificateWorkflowId(certificate id)), started by the API on
 * submit. Wiring only: every rule lives in the domain machine (transition), the bookkeeping in
 * CertificateRun; this file turns Updates and timers into commands, runs the effects the machine
 * returns through activities, and keeps the read model and the search attributes current after every
 * change.
 *
 * Order of work: a handler applies its command to the state at once (so concurrent Updates see each
 * other) and enqueues a batch; the main loop runs batches one by one (ledger, PDF, then the read
 * model), and the handler answers when its batch is done — so a sign call returns after the read model
 * shows the signature. The batch's mails go out after that answer (runs started before the
 * FAST_PATCH marker existed keep their original order: mails inside the batch, every step an activity).
 *
 * From COMMIT_PATCH on, a batch's database work is one local activity (certificate-commit.ts): a sign
 * is applied at once and redeems its code in the same step (one transaction with the embedded ledger),
 * undone if the code is refused; search attributes are upserted only when they change; the timer to
 * the next reminder or deadline is kept across batches instead of restarted after each.
 */
import type { UpdateDefinition } from '@temporalio/common';
import { condition, currentUpdateInfo, log, patched, setHandler, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import {
  currentLevel,
  dueTimers,
  timerSummary,
  levelTimers,
  pendingSigners,
  type CertificateCommand,
  type CertificateState,
  type CommandActor,
  type TimerEvent,
} from '@grain/domain/workflow-safe';
import { refuse, unwrapRefusal } from '../app-failure';
import {
  adjustLevelUpdate,
  cancelUpdate,
  delegateUpdate,
  editUpdate,
  rejectUpdate,
  remindUpdate,
  requestOtpUpdate,
  resubmitUpdate,
  signUpdate,
  stateQuery,
  type CertificateWorkflowInput,
} from './certificate-messages';
import { certificateSearchAttributes } from './certificate-search-attributes';
import { acts, fast, mailContext, runEffects, sendMail, type PendingMail } from './certificate-effects';
import { commitBatch } from './certificate-commit';
import { CertificateRun } from './certificate-run';

const SYSTEM: CommandActor = { id: 'system', name: 'system' };

const nowIso = () => new Date().toISOString();
/** Patch marker of the local-activity sign path (certificate-effects.ts); histories without it replay the first version. */
const FAST_PATCH = 'sign-local-activities-mail-after-answer';
/**
 * Patch marker of signatures bound to their content (a content change voids signatures over other
 * content). Asked at each edit and resubmit, so a running certificate takes the rule from its next
 * change on, while the changes already in its history replay as they were made.
 */
const SIGNATURES_BOUND_PATCH = 'signatures-bound-to-content';
/**
 * Timer events found due together (a due date already past at submission, a worker that was down) make
 * one notice, not one mail each. Histories from before it replay the one-mail-per-event loop.
 */
const ONE_NOTICE_PATCH = 'one-notice-per-due-timers';
/** A withdrawal mails whoever signed or was asked to sign; histories from before it replay without the mail. */
const WITHDRAW_NOTICE_PATCH = 'withdraw-notice';
/**
 * Patch marker of the batch as one step (see the top of this file and certificate-commit.ts): fewer
 * activations, local activities, timers and search-attribute upserts per certificate (bench/RESULTS.md,
 * issue 17). Asked once at the start of a run (after FAST_PATCH), so a run keeps one way of working.
 *
 * A run with it also has the three patches above without asking for them: every run that records it
 * started after they existed. Asking for a patch the first time after a local activity is unsafe: where
 * the original run wrote the local activity's marker in one workflow task and the code after it ran in
 * the next, replay resolves the local activity early, asks for the patch before its marker is in reach,
 * and takes the old branch (a chaos run met this with ONE_NOTICE_PATCH: "patch marker encountered ... but
 * there is no corresponding change command").
 */
const COMMIT_PATCH = 'one-commit-per-batch';
/**
 * Patch marker of local activities one at a time (CertificateRun.step): a code request that arrived
 * while a batch was being committed ran its local activity beside the commit's, and when the later one
 * finished first the run no longer replayed (found by a replay of a test run on a busy machine; the
 * test: worker/src/overlapping-local-activities.test.ts). Asked at the start with COMMIT_PATCH, never
 * after a local activity; runs without it keep letting them overlap.
 */
const ONE_STEP_PATCH = 'one-local-activity-at-a-time';

/**
 * Registers an Update whose validator runs the machine's checks on the command the handler then
 * applies. The command is built once, in the validator, and handed to the handler; on replay
 * validators do not run, so the handler builds it (the same command: workflow time is the Update's).
 */
function commandUpdate<A, C extends CertificateCommand>(
  run: CertificateRun,
  update: UpdateDefinition<CertificateState, [A]>,
  toCommand: (args: A) => C,
  handle: (cmd: C, args: A) => Promise<CertificateState> = (cmd) => run.settle(run.apply(cmd)),
): void {
  const built = new Map<string, C>();
  const updateId = () => currentUpdateInfo()?.id ?? '';
  setHandler(
    update,
    (args) => {
      const id = updateId();
      const cmd = built.get(id) ?? toCommand(args);
      built.delete(id);
      return handle(cmd, args);
    },
    {
      validator: (args) => {
        const cmd = toCommand(args);
        run.validate(cmd);
        built.set(updateId(), cmd);
      },
    },
  );
}

export async function certificateWorkflow(input: CertificateWorkflowInput): Promise<CertificateState> {
  const wfId = workflowInfo().workflowId;
  const useFast = patched(FAST_PATCH);
  const useCommit = useFast && patched(COMMIT_PATCH);
  const oneStep = useCommit && patched(ONE_STEP_PATCH);
  /** An earlier patch: implied by COMMIT_PATCH, else asked where it is needed (as its runs recorded it). */
  const has = (patch: string) => useCommit || patched(patch);
  const otp = useFast ? fast.otp : acts.otp;
  const readModel = useFast ? fast.readModel : acts.readModel;
  const run = new CertificateRun(input, oneStep);
  // With COMMIT_PATCH a command waits while a sign's code is being redeemed (the sign may be undone);
  // otherwise it applies at once, in the same turn as before (no await: the command order is unchanged).
  const mustWait = () => useCommit && run.signPending();
  const applyNow = (cmd: CertificateCommand): Promise<CertificateState> =>
    mustWait() ? condition(() => !run.signPending()).then(() => run.settle(run.apply(cmd))) : run.settle(run.apply(cmd));

  setHandler(stateQuery, () => run.state);

  commandUpdate(
    run,
    signUpdate,
    (a) => ({ type: 'sign', actor: a.actor, note: a.note, signatureValue: a.signatureValue, at: nowIso() }),
    async (cmd, a) => {
      const redeemKey = `${wfId}:${currentUpdateInfo()?.id ?? ''}`;
      if (useCommit) {
        if (!run.quiet()) await condition(() => run.quiet());
        const s = run.state;
        const binding = { certificateId: s.id, level: s.stage, userId: a.actor.id, contentHash: s.contentHash };
        return run.settle(run.applySign({ ...cmd, at: nowIso() }, { otpId: a.otpId, binding, redeemKey }));
      }
      const level = run.state.stage;
      const binding = { certificateId: run.state.id, level, userId: a.actor.id, contentHash: run.state.contentHash };
      await otp.redeemOtp({ otpId: a.otpId, binding, redeemKey }).catch(unwrapRefusal);
      // The code was bound to one level and content; if either moved while it was redeemed, refuse.
      if (run.state.stage !== level || run.state.contentHash !== binding.contentHash) refuse('CONTENT_CHANGED');
      // A signature is made when its code is redeemed, not when the Update was accepted.
      return run.settle(run.apply({ ...cmd, at: nowIso() }));
    },
  );
  commandUpdate(run, rejectUpdate, (a) => ({ type: 'reject', actor: a.actor, toLevel: a.toLevel, reason: a.reason, at: nowIso() }), applyNow);
  commandUpdate(run, delegateUpdate, (a) => ({ type: 'delegate', actor: a.actor, to: a.to, note: a.note, at: nowIso() }), applyNow);
  const contentChange = (cmd: Extract<CertificateCommand, { type: 'edit' | 'resubmit' }>) =>
    applyNow(has(SIGNATURES_BOUND_PATCH) ? cmd : { ...cmd, keepSignaturesOverOtherContent: true });
  commandUpdate(run, resubmitUpdate, (a) => ({ type: 'resubmit', actor: a.actor, changes: a.changes, at: nowIso() }), contentChange);
  commandUpdate(run, editUpdate, (a) => ({ type: 'edit', actor: a.actor, changes: a.changes, at: nowIso() }), contentChange);
  commandUpdate(
    run,
    cancelUpdate,
    (a) => ({ type: 'cancel', actor: a.actor, reason: a.reason, at: nowIso() }),
    (cmd) => applyNow(has(WITHDRAW_NOTICE_PATCH) ? cmd : { ...cmd, silent: true }),
  );
  commandUpdate(
    run,
    adjustLevelUpdate,
    (a) => ({
      type: 'adjustLevel',
      actor: a.actor,
      level: a.level,
      deadline: a.deadline,
      signers: a.signers,
      at: nowIso(),
    }),
    applyNow,
  );
  commandUpdate(run, remindUpdate, (a) => ({ type: 'remind', actor: a.actor, to: a.to, at: nowIso() }), applyNow);

  setHandler(
    requestOtpUpdate,
    async (a) => {
      if (mustWait()) await condition(() => !run.signPending());
      const issue = () => {
        const s = run.state;
        const l = currentLevel(s)!;
        const binding = { certificateId: s.id, level: l.level, userId: a.actor.id, contentHash: s.contentHash };
        const user = l.signers.find((x) => x.id === a.actor.id)!;
        return otp
          .issueOtp({ binding, user: { id: user.id, name: user.name, email: user.email }, ctx: mailContext(s, l.level) })
          .then((r) => ({ level: l.level, ...r }));
      };
      if (!oneStep) return issue().catch(unwrapRefusal);
      // Its turn may come after a batch moved the certificate on: the code is for the level current then.
      return run
        .step(() => {
          run.validate({ type: 'sign', actor: a.actor, at: nowIso() });
          return issue();
        })
        .catch(unwrapRefusal);
    },
    { validator: (a) => run.validate({ type: 'sign', actor: a.actor, at: nowIso() }) },
  );

  let searchAttributes = '';
  for (;;) {
    for (let batch = run.nextBatch(); batch; batch = run.nextBatch()) {
      let mails: PendingMail[];
      if (useCommit) {
        mails = await commitBatch(run, wfId, batch);
        const sa = certificateSearchAttributes(run.state);
        const now = JSON.stringify(sa.map((x) => x.value));
        if (now !== searchAttributes) upsertSearchAttributes(sa);
        searchAttributes = now;
      } else {
        // runEffects records tx ids and the PDF through `set`; its return value is not assigned back,
        // because an update applied while the last activity resolved would be overwritten by it.
        mails = await runEffects(
          wfId,
          batch.version,
          batch.effects,
          () => run.state,
          (s) => (run.state = s),
          { fast: useFast },
        );
        await readModel.upsertCertificateReadModel(run.state);
        upsertSearchAttributes(certificateSearchAttributes(run.state));
      }
      run.finish(batch);
      for (const m of mails) run.post(sendMail(m));
    }
    if (run.finished()) {
      if (await run.quiesce()) return run.state;
      continue;
    }
    if (run.shouldContinueAsNew()) {
      if (await run.quiesce()) await run.continueAsNew();
      continue;
    }
    if (await fireDueTimers(run, wfId, has)) continue;
    const next = levelTimers(run.state, Date.now()).find((t) => !run.fired.has(t.key));
    if (useCommit) await run.idleUntil(next && { key: next.key, at: next.at, summary: timerSummary(next) });
    else await run.idle(next ? Math.max(1, next.at - Date.now()) : undefined, next ? timerSummary(next) : undefined);
  }
}

/** Fires the timer events that are due (deadline command, reminder mails); true if any fired. */
async function fireDueTimers(run: CertificateRun, wfId: string, has: (patch: string) => boolean): Promise<boolean> {
  const now = Date.now();
  const plan = levelTimers(run.state, now).filter((t) => !run.fired.has(t.key));
  // Keys of levels no longer planned (moved on, restarted) are dropped so the carried set stays small.
  for (const k of [...run.fired]) if (!plan.some((t) => k.startsWith(t.key.split(':')[0]))) run.fired.delete(k);
  if (!has(ONE_NOTICE_PATCH)) return fireEachDueTimer(run, wfId, plan, now);
  const due = dueTimers(run.state, run.fired, now);
  for (const t of due.fired) run.fired.add(t.key);
  if (due.deadline) run.apply({ type: 'deadlinePassed', actor: SYSTEM, level: due.deadline.level, at: nowIso() });
  if (due.notice)
    await remind(
      run,
      wfId,
      due.notice,
      due.fired.some((t) => t.kind !== 'reminder'),
    );
  return due.fired.length > 0;
}

/** The loop of histories recorded before ONE_NOTICE_PATCH: a mail per due event. */
async function fireEachDueTimer(run: CertificateRun, wfId: string, plan: TimerEvent[], now: number): Promise<boolean> {
  const due = plan.filter((t) => t.at <= now);
  for (const t of due) {
    run.fired.add(t.key);
    if (t.kind === 'deadline') run.apply({ type: 'deadlinePassed', actor: SYSTEM, level: t.level, at: nowIso() });
    await remind(run, wfId, t, t.kind !== 'reminder');
  }
  return due.length > 0;
}

async function remind(run: CertificateRun, wfId: string, t: TimerEvent, overdue: boolean): Promise<void> {
  const l = run.state.levels[t.level - 1];
  const recipients = pendingSigners(run.state, l).map((x) => ({ id: x.id, name: x.name, email: x.email }));
  if (!recipients.length) return;
  await acts.mail
    .remindSigners({ key: `${wfId}:${t.key}`, recipients, overdue, ctx: mailContext(run.state, t.level), certificateId: run.state.id })
    .catch((e) => log.warn('reminder mail failed', { error: String(e) }));
}
