/**
 * The certificate's timers: reminders before a level's due time, the deadline (overdue + escalation),
 * reminders repeating after it (the plan is domain/src/certificate/timer-plan.ts). Events found due
 * together (a due date already past at submission, a worker that was down) make one notice.
 */
import {
  certificateMailContext,
  dueTimers,
  firedStillPlanned,
  levelTimers,
  pendingSigners,
  timerSummary,
  type CertificateNotice,
  type CommandActor,
} from '@grain/domain/workflow-safe';
import type { CertificateRun } from './certificate-run';

// frozen: the module is shared by every run of the worker (PRELOADED_MODULES)
const SYSTEM: CommandActor = Object.freeze({ id: 'system', name: 'system' });

/**
 * Fires the timer events that are due: the deadline command (its batch escalates), and the reminder
 * notice returned, for the run to queue. `fired` is false when nothing was due.
 */
export function fireDueTimers(run: CertificateRun, wfId: string): { fired: boolean; notices: CertificateNotice[] } {
  const now = Date.now();
  const plan = levelTimers(run.state, now);
  // Keys of levels no longer planned (moved on, restarted) are dropped so the carried set stays small.
  const keep = new Set(firedStillPlanned(run.fired, plan));
  for (const k of [...run.fired]) if (!keep.has(k)) run.fired.delete(k);
  const due = dueTimers(run.state, run.fired, now);
  for (const t of due.fired) run.fired.add(t.key);
  if (due.deadline) run.apply({ type: 'deadlinePassed', actor: SYSTEM, level: due.deadline.level, at: new Date(now).toISOString() });
  const t = due.notice;
  const recipients = t ? pendingSigners(run.state, run.state.levels[t.level - 1]).map((x) => ({ id: x.id, name: x.name, email: x.email })) : [];
  const notices: CertificateNotice[] = [];
  if (t && recipients.length) {
    const overdue = due.fired.some((x) => x.kind !== 'reminder');
    notices.push({
      key: `${wfId}:${t.key}`,
      effect: { type: 'remindSigners', level: t.level, overdue, recipients },
      ctx: certificateMailContext(run.state, t.level),
    });
  }
  return { fired: due.fired.length > 0, notices };
}

/** The next timer event the run sleeps until (none once the certificate waits for nobody). */
export function nextTimer(run: CertificateRun): { key: string; at: number; summary: string } | undefined {
  const next = levelTimers(run.state, Date.now()).find((t) => !run.fired.has(t.key));
  return next && { key: next.key, at: next.at, summary: timerSummary(next) };
}
