/**
 * One workflow per certificate (id certificateWorkflowId(certificate id)), started by the API on
 * submit. Wiring only: every rule lives in the domain machine (transition); this file turns Updates
 * and timers into commands, runs the effects the machine returns through activities, and keeps the
 * read model and the search attributes current after every change.
 *
 * Order of work: a handler applies its command to `state` at once (so concurrent Updates see each
 * other) and enqueues a batch; the main loop runs batches one by one (ledger, PDF, then the read
 * model), and the handler answers when its batch is done — so a sign call returns after the read model
 * shows the signature. The batch's mails go out after that answer (runs started before the
 * FAST_PATCH marker existed keep their original order: mails inside the batch, every step an activity).
 */
import {
  ApplicationFailure, allHandlersFinished, condition, continueAsNew, currentUpdateInfo, log, patched, setHandler,
  upsertSearchAttributes, workflowInfo,
} from '@temporalio/workflow';
import {
  AppError, assertAccepted, createCertificate, currentLevel, isAppError, pendingSigners, transition,
  type CertificateCommand, type CertificateEffect, type CertificateState, type CommandActor,
} from '@grain/domain';
import {
  cancelUpdate, delegateUpdate, editUpdate, rejectUpdate, requestOtpUpdate, resubmitUpdate, signUpdate, stateQuery,
  APP_ERROR_FAILURE_TYPE, type CertificateWorkflowInput,
} from './certificate-messages';
import { certificateSearchAttributes } from './certificate-search-attributes';
import { levelTimers } from './certificate-timers';
import { acts, fast, mailContext, runEffects, sendMail, unwrapRefusal } from './certificate-effects';

/** Past this history length the workflow continues as new (well below Temporal's limits). */
const HISTORY_LIMIT = 4000;
const SYSTEM: CommandActor = { id: 'system', name: 'system' };

const nowIso = () => new Date().toISOString();
/** Patch marker of the local-activity sign path (certificate-effects.ts); histories without it replay the first version. */
const FAST_PATCH = 'sign-local-activities-mail-after-answer';

function refusal(e: unknown): never {
  if (isAppError(e)) throw ApplicationFailure.create({ type: APP_ERROR_FAILURE_TYPE, message: e.code, nonRetryable: true, details: [e.details ?? null] });
  throw e;
}

export async function certificateWorkflow(input: CertificateWorkflowInput): Promise<CertificateState> {
  const wfId = workflowInfo().workflowId;
  const fired = new Set(input.resumeTimers ?? []);
  const useFast = patched(FAST_PATCH);
  const otp = useFast ? fast.otp : acts.otp;
  const readModel = useFast ? fast.readModel : acts.readModel;
  /** Mails sent after their batch was answered; awaited before the run ends or continues as new. */
  const outbox = new Set<Promise<void>>();
  const post = (p: Promise<void>) => {
    outbox.add(p);
    void p.finally(() => outbox.delete(p));
  };
  const drainOutbox = () => Promise.all([...outbox]);
  let state: CertificateState;
  const queue: Array<{ seq: number; version: number; effects: CertificateEffect[] }> = [];
  let enqueued = input.resumeState ? 0 : 1;
  let done = 0;

  if (input.resumeState) {
    state = input.resumeState;
  } else {
    const first = transition(createCertificate(input.certificate), { type: 'submit', actor: input.submittedBy, at: nowIso() });
    state = first.state;
    queue.push({ seq: 1, version: state.version, effects: first.effects });
  }

  /** Applies a command now and returns the batch number to wait for. Throws the refusal as a failure. */
  const apply = (cmd: CertificateCommand): number => {
    let r;
    try {
      r = transition(state, cmd);
    } catch (e) {
      refusal(e);
    }
    if (r.state === state) return done; // nothing changed (e.g. a repeated deadline)
    state = r.state;
    queue.push({ seq: ++enqueued, version: state.version, effects: r.effects });
    return enqueued;
  };
  const settle = async (seq: number) => {
    await condition(() => done >= seq);
    return state;
  };
  const validate = (cmd: CertificateCommand) => {
    try {
      assertAccepted(state, cmd);
    } catch (e) {
      refusal(e);
    }
  };

  setHandler(stateQuery, () => state);

  setHandler(signUpdate, async (a) => {
    const level = state.stage;
    const binding = { certificateId: state.id, level, userId: a.actor.id, contentHash: state.contentHash };
    await otp.redeemOtp({ otpId: a.otpId, binding, redeemKey: `${wfId}:${currentUpdateInfo()?.id ?? ''}` }).catch(unwrapRefusal);
    // The code was bound to one level and content; if either moved while it was redeemed, refuse.
    if (state.stage !== level || state.contentHash !== binding.contentHash) refusal(new AppError('CONTENT_CHANGED'));
    return settle(apply({ type: 'sign', actor: a.actor, note: a.note, signatureValue: a.signatureValue, at: nowIso() }));
  }, { validator: (a) => validate({ type: 'sign', actor: a.actor, at: nowIso() }) });

  setHandler(rejectUpdate, (a) => settle(apply({ type: 'reject', actor: a.actor, toLevel: a.toLevel, reason: a.reason, at: nowIso() })), {
    validator: (a) => validate({ type: 'reject', actor: a.actor, toLevel: a.toLevel, reason: a.reason, at: nowIso() }),
  });
  setHandler(delegateUpdate, (a) => settle(apply({ type: 'delegate', actor: a.actor, to: a.to, note: a.note, at: nowIso() })), {
    validator: (a) => validate({ type: 'delegate', actor: a.actor, to: a.to, note: a.note, at: nowIso() }),
  });
  setHandler(resubmitUpdate, (a) => settle(apply({ type: 'resubmit', actor: a.actor, changes: a.changes, at: nowIso() })), {
    validator: (a) => validate({ type: 'resubmit', actor: a.actor, changes: a.changes, at: nowIso() }),
  });
  setHandler(editUpdate, (a) => settle(apply({ type: 'edit', actor: a.actor, changes: a.changes, at: nowIso() })), {
    validator: (a) => validate({ type: 'edit', actor: a.actor, changes: a.changes, at: nowIso() }),
  });
  setHandler(cancelUpdate, (a) => settle(apply({ type: 'cancel', actor: a.actor, reason: a.reason, at: nowIso() })), {
    validator: (a) => validate({ type: 'cancel', actor: a.actor, reason: a.reason, at: nowIso() }),
  });
  setHandler(requestOtpUpdate, async (a) => {
    const l = currentLevel(state)!;
    const binding = { certificateId: state.id, level: l.level, userId: a.actor.id, contentHash: state.contentHash };
    const user = l.signers.find((x) => x.id === a.actor.id)!;
    const r = await otp.issueOtp({ binding, user: { id: user.id, name: user.name, email: user.email }, ctx: mailContext(state, l.level) })
      .catch(unwrapRefusal);
    return { level: l.level, ...r };
  }, { validator: (a) => validate({ type: 'sign', actor: a.actor, at: nowIso() }) });

  const finished = () => state.status === 'done' || state.status === 'cancelled';

  for (;;) {
    while (queue.length > 0) {
      const batch = queue.shift()!;
      // runEffects records tx ids and the PDF through `set`; its return value is not assigned back,
      // because an update applied while the last activity resolved would be overwritten by it.
      const mails = await runEffects(wfId, batch.version, batch.effects, () => state, (s) => (state = s), { fast: useFast });
      await readModel.upsertCertificateReadModel(state);
      upsertSearchAttributes(certificateSearchAttributes(state));
      done = batch.seq;
      for (const m of mails) post(sendMail(m));
    }
    if (finished()) {
      await condition(allHandlersFinished);
      await drainOutbox();
      if (queue.length === 0) return state;
      continue;
    }
    const info = workflowInfo();
    if ((info.continueAsNewSuggested || info.historyLength > HISTORY_LIMIT) && queue.length === 0) {
      await condition(allHandlersFinished);
      await drainOutbox();
      if (queue.length === 0) {
        await continueAsNew<typeof certificateWorkflow>({ ...input, resumeState: state, resumeTimers: [...fired] });
      }
      continue;
    }
    const now = Date.now();
    const plan = levelTimers(state, now).filter((t) => !fired.has(t.key));
    for (const k of [...fired]) if (!plan.some((t) => k.startsWith(t.key.split(':')[0]))) fired.delete(k);
    const due = plan.filter((t) => t.at <= now);
    for (const t of due) {
      fired.add(t.key);
      const l = state.levels[t.level - 1];
      if (t.kind === 'deadline') apply({ type: 'deadlinePassed', actor: SYSTEM, level: t.level, at: nowIso() });
      const recipients = pendingSigners(state, l).map((x) => ({ id: x.id, name: x.name, email: x.email }));
      if (recipients.length) {
        await acts.mail.remindSigners({ key: `${wfId}:${t.key}`, recipients, overdue: t.kind !== 'reminder', ctx: mailContext(state, t.level), certificateId: state.id })
          .catch((e) => log.warn('reminder mail failed', { error: String(e) }));
      }
    }
    if (due.length > 0) continue;
    const next = plan[0];
    const wake = () => queue.length > 0 || finished() || workflowInfo().continueAsNewSuggested;
    if (next) await condition(wake, Math.max(1, next.at - now));
    else await condition(wake);
  }
}
