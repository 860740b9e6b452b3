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

export function transitionAction(state: CorrectiveActionState, command: ActionCommand): ActionTransition {
  // JSON, not structuredClone: the workflow sandbox has no structuredClone
  const s = JSON.parse(JSON.stringify(state)) as CorrectiveActionState;
  const effects: ActionEffect[] = [];
  const log = (e: Omit<ActionAuditEntry, 'at'>) => s.audit.push({ at: command.at, ...e });
  const done = (): ActionTransition => {
    s.version = state.version + 1;
    return { state: s, effects };
  };
  const unchanged = (): ActionTransition => ({ state, effects: NONE });
  const mustBeOpen = () => state.status === 'verified' && refuse('ACTION_CLOSED');
  const mustBeOwner = (a: ActionPerson) => a.id !== state.owner.id && refuse('ACTION_NOT_OWNER');
  const mustNotBeOwner = (a: ActionPerson) => a.id === state.owner.id && refuse('ACTION_OWNER_CANNOT_VERIFY');

  switch (command.type) {
    case 'start': {
      mustBeOpen();
      mustBeOwner(command.actor);
      if (state.status !== 'open' && state.status !== 'reopened') refuse('ACTION_WRONG_STATE');
      s.status = 'in_progress';
      log({ actorId: command.actor.id, event: 'started' });
      return done();
    }
    case 'submitFix': {
      mustBeOpen();
      mustBeOwner(command.actor);
      if (!isOwnerWork(state)) refuse('ACTION_WRONG_STATE');
      const note = command.note.trim();
      if (!note) refuse('ACTION_NOTE_REQUIRED');
      if (note.length > ACTION_TEXT_MAX) refuse('ACTION_TEXT_TOO_LONG');
      if (command.evidence.length === 0) refuse('ACTION_EVIDENCE_REQUIRED');
      if (command.evidence.length > ACTION_EVIDENCE_MAX) refuse('ACTION_TOO_MANY_FILES');
      const round = state.fixes.length + 1;
      s.fixes.push({ round, at: command.at, by: command.actor, note, evidence: command.evidence });
      s.status = 'fix_submitted';
      s.overdue = false;
      log({
        actorId: command.actor.id,
        event: 'fixSubmitted',
        detail: `round ${round}; ${command.evidence.map((e) => `${e.fileName} sha256:${e.sha256}`).join(', ')}`,
      });
      effects.push({ type: 'mail', kind: 'fixSubmitted', to: 'verifiers' });
      return done();
    }
    case 'verify':
    case 'reopen': {
      mustBeOpen();
      mustNotBeOwner(command.actor);
      if (state.status !== 'fix_submitted') refuse('ACTION_WRONG_STATE');
      const fix = s.fixes[s.fixes.length - 1];
      if (command.type === 'verify') {
        fix.outcome = { verdict: 'verified', at: command.at, by: command.actor };
        s.status = 'verified';
        s.closedAt = command.at;
        log({ actorId: command.actor.id, event: 'verified', detail: `round ${fix.round}` });
        effects.push({ type: 'mail', kind: 'verified', to: 'owner' });
      } else {
        const reason = command.reason.trim();
        if (!reason) refuse('ACTION_REASON_REQUIRED');
        if (reason.length > ACTION_TEXT_MAX) refuse('ACTION_TEXT_TOO_LONG');
        fix.outcome = { verdict: 'reopened', at: command.at, by: command.actor, reason };
        s.status = 'reopened';
        s.overdue = Date.parse(command.at) >= Date.parse(s.dueAt);
        log({ actorId: command.actor.id, event: 'reopened', detail: reason });
        effects.push({ type: 'mail', kind: 'reopened', to: 'owner', detail: reason });
      }
      return done();
    }
    case 'reassign': {
      mustBeOpen();
      if (command.owner.id === state.owner.id) refuse('ACTION_SAME_OWNER');
      s.owner = command.owner;
      log({ actorId: command.actor.id, event: 'reassigned', detail: `${state.owner.name} -> ${command.owner.name}` });
      effects.push({ type: 'mail', kind: 'assigned', to: 'owner' });
      return done();
    }
    case 'redate': {
      mustBeOpen();
      assertDueAfter(command.dueAt, command.at);
      s.dueAt = command.dueAt;
      s.remindersSent = skippedReminders(s.timing, command.dueAt, command.at);
      s.overdue = false;
      s.escalated = false;
      log({ actorId: command.actor.id, event: 'redated', detail: `${state.dueAt} -> ${command.dueAt}` });
      effects.push({ type: 'mail', kind: 'redated', to: 'owner' });
      return done();
    }
    case 'timer': {
      if (!isOwnerWork(state)) return unchanged();
      const system = 'system';
      if (command.event === 'reminder') {
        const o = command.offsetMs ?? -1;
        if (s.remindersSent.includes(o) || !s.timing.reminderOffsetsMs.includes(o) || s.overdue) return unchanged();
        s.remindersSent.push(o);
        log({ actorId: system, event: 'reminded', detail: `${Math.round(o / 60_000)} min before due` });
        effects.push({ type: 'mail', kind: 'reminder', to: 'owner' });
      } else if (command.event === 'overdue') {
        if (s.overdue || Date.parse(command.at) < Date.parse(s.dueAt)) return unchanged();
        s.overdue = true;
        // a reminder still unsent says nothing the overdue notice does not
        s.remindersSent = [...s.timing.reminderOffsetsMs];
        log({ actorId: system, event: 'overdue' });
        effects.push({ type: 'mail', kind: 'overdue', to: 'owner' });
      } else {
        if (!s.overdue || s.escalated) return unchanged();
        s.escalated = true;
        log({ actorId: system, event: 'escalated' });
        effects.push({ type: 'mail', kind: 'escalated', to: 'managers' });
      }
      return done();
    }
  }
}

/** Throws the refusal `transitionAction` would, without keeping anything (Update validators). */
export function assertActionAccepted(state: CorrectiveActionState, command: ActionCommand): void {
  transitionAction(state, command);
}
