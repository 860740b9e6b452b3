/**
 * Timer plan of the current level (pure, so it replays the same): reminders before the due time at
 * the configured offsets, the due time itself (overdue + escalation), then reminders repeating after
 * it. Each event has a stable key; the workflow keeps the keys it has fired so none fires twice,
 * including across continue-as-new.
 */
import { currentLevel } from './machine';
import type { CertificateState } from './types';

export interface TimerEvent {
  /** Stable across replays and continue-as-new: the plan's tag (timerKey), the kind, and the offset or repeat. */
  key: string;
  at: number;
  kind: 'reminder' | 'deadline' | 'overdueReminder';
  level: number;
  /** A reminder's time before the due time (ms); an overdue reminder's repeat number. */
  n?: number;
}

/**
 * The key of a planned event: the level's plan (`L<level>@<started>[~<due changed>]`, new when the level
 * restarts or its due time moves), then what fires. The one place the key's form is written.
 */
const timerKey = (tag: string, part: 'before' | 'due' | 'after', n?: number) => (n === undefined ? `${tag}:${part}` : `${tag}:${part}:${n}`);
const tagOf = (key: string) => key.slice(0, key.indexOf(':'));

/** The fired keys still worth keeping: those of a plan still in force (the carried set stays small). */
export function firedStillPlanned(fired: Iterable<string>, plan: readonly TimerEvent[]): string[] {
  const tags = new Set(plan.map((t) => tagOf(t.key)));
  return [...fired].filter((k) => tags.has(tagOf(k)));
}

/**
 * The one-line summary an operator sees on the timer in the Temporal UI: what wakes the certificate
 * and for which level (e.g. "reminder before level 2 is due (2 h before)", "level 2 deadline").
 */
export function timerSummary(t: TimerEvent): string {
  if (t.kind === 'deadline') return `level ${t.level} deadline`;
  if (t.kind === 'overdueReminder') return `overdue reminder ${t.n} for level ${t.level}`;
  const hours = t.n !== undefined ? ` (${Math.round(t.n / 3_600_000)} h before)` : '';
  return `reminder before level ${t.level} is due${hours}`;
}

/** Cap on planned repeats after the due time; the plan is recomputed as time passes. */
const REPEATS_AHEAD = 3;

export function levelTimers(s: CertificateState, now: number): TimerEvent[] {
  const l = currentLevel(s);
  if (!l || !['signing', 'pending', 'rejected'].includes(s.status)) return [];
  const due = Date.parse(l.deadline);
  if (Number.isNaN(due)) return [];
  // Planned from the level's start, or from the last change of its due time (reminders before the new
  // due time that lie before that change are not sent).
  const started = Math.max(Date.parse(l.startedAt ?? s.startDate ?? '') || now, Date.parse(l.dueChangedAt ?? '') || 0);
  // A level restarted by a reject or a resubmit, or given a new due time, plans its timers anew.
  const tag = `L${l.level}@${l.startedAt ?? ''}${l.dueChangedAt ? `~${l.dueChangedAt}` : ''}`;
  const events: TimerEvent[] = [];
  for (const off of s.reminders.offsetsMs) {
    if (due - off > started) events.push({ key: timerKey(tag, 'before', off), at: due - off, kind: 'reminder', level: l.level, n: off });
  }
  events.push({ key: timerKey(tag, 'due'), at: due, kind: 'deadline', level: l.level });
  const every = s.reminders.overdueRepeatMs;
  const passed = Math.max(0, Math.floor((now - due) / every));
  for (let n = Math.max(1, passed); n < Math.max(1, passed) + REPEATS_AHEAD; n++) {
    events.push({ key: timerKey(tag, 'after', n), at: due + n * every, kind: 'overdueReminder', level: l.level, n });
  }
  return events.sort((a, b) => a.at - b.at);
}

export interface DueTimers {
  /** Every planned event whose time has come and that has not fired yet: all are marked fired. */
  fired: TimerEvent[];
  /** The deadline event among them, if any: the level becomes overdue once. */
  deadline: TimerEvent | null;
  /**
   * The one notice these events make: the latest of them. Events found due together (a due date already
   * past at submission, a worker that was down) would otherwise each send the same mail.
   */
  notice: TimerEvent | null;
}

export function dueTimers(s: CertificateState, fired: ReadonlySet<string>, now: number): DueTimers {
  const due = levelTimers(s, now).filter((t) => !fired.has(t.key) && t.at <= now);
  return { fired: due, deadline: due.find((t) => t.kind === 'deadline') ?? null, notice: due.at(-1) ?? null };
}
