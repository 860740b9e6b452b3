/**
 * The corrective action's machine: transitionAction(state, command) -> { state, effects }, pure (no clock,
 * no I/O), so the workflow replays it and the table test reads it (named apart from the certificate machine's `transition`). A refusal is an AppError thrown
 * before anything changes; a timer that no longer applies (the fix came first, the due time moved)
 * changes nothing and says nothing.
 */
import { AppError } from '../errors';
import type { MessageCode } from '../messages';
import {
  OWNER_WORK_STATUSES,
  type ActionAuditEntry,
  type ActionCommand,
  type ActionEffect,
  type ActionFarm,
  type ActionFinding,
  type ActionPerson,
  type ActionSeverity,
  type ActionTiming,
  type ActionTimerKind,
  type ActionTransition,
  type CorrectiveActionState,
} from './types';

/** Longest note or reason kept (longer ones are refused by the request schemas first). */
export const ACTION_TEXT_MAX = 2000;
/** Most files one fix may carry. */
export const ACTION_EVIDENCE_MAX = 10;

export interface ActionDraft {
  id: string;
  companyId: string;
  farm: ActionFarm;
  finding: ActionFinding;
  severity: ActionSeverity;
  owner: ActionPerson;
  createdBy: ActionPerson;
  at: string;
  dueAt: string;
  timing: ActionTiming;
}

const refuse = (code: MessageCode): never => {
  throw new AppError(code);
};

/** Refuses a due time that is not after `at` (the request's time). */
export function assertDueAfter(dueAt: string, at: string): void {
  const due = Date.parse(dueAt);
  if (!Number.isFinite(due)) refuse('INVALID_DATE');
  if (due <= Date.parse(at)) refuse('ACTION_DUE_IN_PAST');
}

export function isOwnerWork(s: Pick<CorrectiveActionState, 'status'>): boolean {
  return OWNER_WORK_STATUSES.includes(s.status);
}

export function isOpenAction(s: Pick<CorrectiveActionState, 'status'>): boolean {
  return s.status !== 'verified';
}

/** A new action, assigned to its owner (who is mailed). */
export function createCorrectiveAction(d: ActionDraft): ActionTransition {
  assertDueAfter(d.dueAt, d.at);
  const state: CorrectiveActionState = {
    id: d.id,
    companyId: d.companyId,
    farm: d.farm,
    finding: d.finding,
    severity: d.severity,
    status: 'open',
    owner: d.owner,
    createdBy: d.createdBy,
    createdAt: d.at,
    dueAt: d.dueAt,
    timing: d.timing,
    remindersSent: skippedReminders(d.timing, d.dueAt, d.at),
    overdue: false,
    escalated: false,
    fixes: [],
    closedAt: null,
    version: 1,
    audit: [{ at: d.at, actorId: d.createdBy.id, event: 'created', detail: `${d.severity}; owner ${d.owner.name}; due ${d.dueAt}` }],
  };
  return { state, effects: [{ type: 'mail', kind: 'assigned', to: 'owner' }] };
}

/** Reminders whose time had already passed when the due time was set are not sent (the assignment mail says it all). */
function skippedReminders(t: ActionTiming, dueAt: string, at: string): number[] {
  return t.reminderOffsetsMs.filter((o) => Date.parse(dueAt) - o <= Date.parse(at));
}

const NONE: ActionEffect[] = [];

type CommandOf<T extends ActionCommand['type']> = Extract<ActionCommand, { type: T }>;

/** One command at work: the state it found (refusals read it), the copy it changes, the mails it says. */
interface Step<C extends ActionCommand> {
  readonly before: CorrectiveActionState;
  readonly after: CorrectiveActionState;
  readonly command: C;
  readonly effects: ActionEffect[];
  /** Adds an entry to the action's audit, at the command's time. */
  readonly log: (e: Omit<ActionAuditEntry, 'at'>) => void;
}

/** What a timer's handler answers when the timer no longer applies: nothing changes, nothing is said. */
const UNCHANGED = Symbol('unchanged');
type Handler<C extends ActionCommand> = (step: Step<C>) => void | typeof UNCHANGED;

const mustBeOpen = (s: CorrectiveActionState) => s.status === 'verified' && refuse('ACTION_CLOSED');
const mustBeOwner = (s: CorrectiveActionState, a: ActionPerson) => a.id !== s.owner.id && refuse('ACTION_NOT_OWNER');
const mustNotBeOwner = (s: CorrectiveActionState, a: ActionPerson) => a.id === s.owner.id && refuse('ACTION_OWNER_CANNOT_VERIFY');

/** A note or reason, trimmed; refused when empty (`required`) or too long. */
function requiredText(text: string, required: MessageCode): string {
  const t = text.trim();
  if (!t) refuse(required);
  if (t.length > ACTION_TEXT_MAX) refuse('ACTION_TEXT_TOO_LONG');
  return t;
}

/** The owner starts work on an open or reopened action. */
const start: Handler<CommandOf<'start'>> = ({ before, after, command, log }) => {
  mustBeOpen(before);
  mustBeOwner(before, command.actor);
  if (before.status !== 'open' && before.status !== 'reopened') refuse('ACTION_WRONG_STATE');
  after.status = 'in_progress';
  log({ actorId: command.actor.id, event: 'started' });
};

/** The owner hands in a fix (a note and its evidence files); the verifiers are mailed. */
const submitFix: Handler<CommandOf<'submitFix'>> = ({ before, after, command, effects, log }) => {
  mustBeOpen(before);
  mustBeOwner(before, command.actor);
  if (!isOwnerWork(before)) refuse('ACTION_WRONG_STATE');
  const note = requiredText(command.note, 'ACTION_NOTE_REQUIRED');
  if (command.evidence.length === 0) refuse('ACTION_EVIDENCE_REQUIRED');
  if (command.evidence.length > ACTION_EVIDENCE_MAX) refuse('ACTION_TOO_MANY_FILES');
  const round = before.fixes.length + 1;
  after.fixes.push({ round, at: command.at, by: command.actor, note, evidence: command.evidence });
  after.status = 'fix_submitted';
  after.overdue = false;
  log({
    actorId: command.actor.id,
    event: 'fixSubmitted',
    detail: `round ${round}; ${command.evidence.map((e) => `${e.fileName} sha256:${e.sha256}`).join(', ')}`,
  });
  effects.push({ type: 'mail', kind: 'fixSubmitted', to: 'verifiers' });
};

/** The fix a verdict is about: the last one handed in, judged by someone other than the owner. */
function fixToJudge({ before, after, command }: Step<CommandOf<'verify' | 'reopen'>>) {
  mustBeOpen(before);
  mustNotBeOwner(before, command.actor);
  if (before.status !== 'fix_submitted') refuse('ACTION_WRONG_STATE');
  return after.fixes[after.fixes.length - 1];
}

/** Someone other than the owner accepts the fix: the action is closed. */
const verify: Handler<CommandOf<'verify'>> = (step) => {
  const { after, command, effects, log } = step;
  const fix = fixToJudge(step);
  fix.outcome = { verdict: 'verified', at: command.at, by: command.actor };
  after.status = 'verified';
  after.closedAt = command.at;
  log({ actorId: command.actor.id, event: 'verified', detail: `round ${fix.round}` });
  effects.push({ type: 'mail', kind: 'verified', to: 'owner' });
};

/** Someone other than the owner sends the fix back, saying why; it is overdue again if its time has passed. */
const reopen: Handler<CommandOf<'reopen'>> = (step) => {
  const { after, command, effects, log } = step;
  const fix = fixToJudge(step);
  const reason = requiredText(command.reason, 'ACTION_REASON_REQUIRED');
  fix.outcome = { verdict: 'reopened', at: command.at, by: command.actor, reason };
  after.status = 'reopened';
  after.overdue = Date.parse(command.at) >= Date.parse(after.dueAt);
  log({ actorId: command.actor.id, event: 'reopened', detail: reason });
  effects.push({ type: 'mail', kind: 'reopened', to: 'owner', detail: reason });
};

/** The action goes to another owner, who is mailed. */
const reassign: Handler<CommandOf<'reassign'>> = ({ before, after, command, effects, log }) => {
  mustBeOpen(before);
  if (command.owner.id === before.owner.id) refuse('ACTION_SAME_OWNER');
  after.owner = command.owner;
  log({ actorId: command.actor.id, event: 'reassigned', detail: `${before.owner.name} -> ${command.owner.name}` });
  effects.push({ type: 'mail', kind: 'assigned', to: 'owner' });
};

/** A new due time: its reminders start over (those already past are skipped), no longer overdue or escalated. */
const redate: Handler<CommandOf<'redate'>> = ({ before, after, command, effects, log }) => {
  mustBeOpen(before);
  assertDueAfter(command.dueAt, command.at);
  after.dueAt = command.dueAt;
  after.remindersSent = skippedReminders(after.timing, command.dueAt, command.at);
  after.overdue = false;
  after.escalated = false;
  log({ actorId: command.actor.id, event: 'redated', detail: `${before.dueAt} -> ${command.dueAt}` });
  effects.push({ type: 'mail', kind: 'redated', to: 'owner' });
};

const SYSTEM = 'system';

/** A reminder before the due time, once per offset of the plan, and none once overdue. */
const remind: Handler<CommandOf<'timer'>> = ({ after, command, effects, log }) => {
  const o = command.offsetMs ?? -1;
  if (after.remindersSent.includes(o) || !after.timing.reminderOffsetsMs.includes(o) || after.overdue) return UNCHANGED;
  after.remindersSent.push(o);
  log({ actorId: SYSTEM, event: 'reminded', detail: `${Math.round(o / 60_000)} min before due` });
  effects.push({ type: 'mail', kind: 'reminder', to: 'owner' });
};

/** The due time passed without a fix: overdue, once. */
const markOverdue: Handler<CommandOf<'timer'>> = ({ after, command, effects, log }) => {
  if (after.overdue || Date.parse(command.at) < Date.parse(after.dueAt)) return UNCHANGED;
  after.overdue = true;
  // a reminder still unsent says nothing the overdue notice does not
  after.remindersSent = [...after.timing.reminderOffsetsMs];
  log({ actorId: SYSTEM, event: 'overdue' });
  effects.push({ type: 'mail', kind: 'overdue', to: 'owner' });
};

/** Still overdue at the escalation time: the managers are told, once. */
const escalate: Handler<CommandOf<'timer'>> = ({ after, effects, log }) => {
  if (!after.overdue || after.escalated) return UNCHANGED;
  after.escalated = true;
  log({ actorId: SYSTEM, event: 'escalated' });
  effects.push({ type: 'mail', kind: 'escalated', to: 'managers' });
};

const TIMERS: Record<ActionTimerKind, Handler<CommandOf<'timer'>>> = { reminder: remind, overdue: markOverdue, escalate };

/** A timer applies only while the owner still has work to do (a fix handed in stops the clock). */
const timer: Handler<CommandOf<'timer'>> = (step) => (isOwnerWork(step.before) ? TIMERS[step.command.event](step) : UNCHANGED);

/** The machine's table: one handler per command. */
const HANDLERS: { [T in ActionCommand['type']]: Handler<CommandOf<T>> } = { start, submitFix, verify, reopen, reassign, redate, timer };

export function transitionAction(state: CorrectiveActionState, command: ActionCommand): ActionTransition {
  // JSON, not structuredClone: the workflow sandbox has no structuredClone
  const after = JSON.parse(JSON.stringify(state)) as CorrectiveActionState;
  const effects: ActionEffect[] = [];
  const log = (e: Omit<ActionAuditEntry, 'at'>) => after.audit.push({ at: command.at, ...e });
  const handler = HANDLERS[command.type] as Handler<ActionCommand>;
  if (handler({ before: state, after, command, effects, log }) === UNCHANGED) return { state, effects: NONE };
  after.version = state.version + 1;
  return { state: after, effects };
}

/** Throws the refusal `transitionAction` would, without keeping anything (Update validators). */
export function assertActionAccepted(state: CorrectiveActionState, command: ActionCommand): void {
  transitionAction(state, command);
}
