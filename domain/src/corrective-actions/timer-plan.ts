/**
 * When a corrective action wakes by itself: reminders before the due time, the due time (overdue) and,
 * escalateAfterMs later, escalation to the managers. Only while the owner has work to do; a submitted
 * fix waits on its verifier without timers. Pure, so the workflow replays it.
 */
import { isOwnerWork } from './machine';
import type { ActionTimerKind, CorrectiveActionState } from './types';

export interface ActionTimer {
  kind: ActionTimerKind;
  at: number;
  offsetMs?: number;
}

export function actionTimers(s: CorrectiveActionState): ActionTimer[] {
  if (!isOwnerWork(s)) return [];
  const due = Date.parse(s.dueAt);
  const out: ActionTimer[] = [];
  if (!s.overdue) {
    for (const o of s.timing.reminderOffsetsMs) if (!s.remindersSent.includes(o)) out.push({ kind: 'reminder', at: due - o, offsetMs: o });
    out.push({ kind: 'overdue', at: due });
  }
  if (!s.escalated) out.push({ kind: 'escalate', at: due + s.timing.escalateAfterMs });
  return out.sort((a, b) => a.at - b.at);
}

/** The one-line summary an operator reads on the timer in the Temporal UI. */
export function actionTimerSummary(t: ActionTimer): string {
  if (t.kind === 'reminder') return `reminder ${Math.round((t.offsetMs ?? 0) / 60_000)} min before due`;
  return t.kind === 'overdue' ? 'due time (overdue)' : 'escalation to the managers';
}
