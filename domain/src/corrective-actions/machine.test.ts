import { isAppError } from '../errors';
import { assertActionAccepted, createCorrectiveAction, transitionAction, type ActionDraft } from './machine';
import { actionTimers } from './timer-plan';
import { actionAllowed, actionSummary } from './views';
import { farmOfEstablishment, policyRefOf } from './finding';
import { dueTimeOf, createActionsInput, redateInput } from './request-schemas';
import type { ActionCommand, CorrectiveActionState } from './types';
import { createCertificate } from '../certificate/build';
import { issuedCertificate } from '../certificate/issued-certificate';
import { testDraft } from '../testing/certificate-fixtures';

const T0 = '2026-03-01T00:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
const DAY = 86_400_000;
const owner = { id: 'owner', name: 'Olive Owner' };
const judge = { id: 'judge', name: 'Vic Verifier' };
const boss = { id: 'boss', name: 'Mia Manager' };
const evidence = [{ id: 'e1', fileName: 'plan.pdf', mime: 'application/pdf', size: 10, sha256: 'a'.repeat(64) }];

const draft = (extra: Partial<ActionDraft> = {}): ActionDraft => ({
  id: 'a1',
  companyId: 'c1',
  farm: { key: 'reg-1', name: 'Green Farm' },
  finding: {
    complianceId: 'k1',
    checkIndex: 2,
    check: 'HACCP: critical limits',
    result: 'Non-Compliant',
    requirement: 'Codex CXC 1-1969 principle 3',
    evidence: 'not stated',
    recommendations: 'state them',
    policyRef: 'Codex CXC 1-1969',
    flagged: false,
  },
  severity: 'critical',
  owner,
  createdBy: boss,
  at: T0,
  dueAt: at(7 * DAY),
  timing: { reminderOffsetsMs: [3 * DAY, DAY], escalateAfterMs: 2 * DAY },
  ...extra,
});
const fresh = () => createCorrectiveAction(draft()).state;
type Cmd = ActionCommand extends infer C ? (C extends ActionCommand ? Omit<C, 'at'> & { at?: string } : never) : never;
function run(state: CorrectiveActionState, ...cmds: Cmd[]) {
  let s = state;
  let effects: ReturnType<typeof transitionAction>['effects'] = [];
  for (const c of cmds) ({ state: s, effects } = transitionAction(s, { at: at(DAY), ...c } as ActionCommand));
  return { state: s, effects };
}
function refusalOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isAppError(e)) return e.code;
    throw e;
  }
  return 'accepted';
}
const fix: Cmd = { type: 'submitFix', actor: owner, note: 'Limits written into the plan', evidence };

describe('createCorrectiveAction', () => {
  it('opens the action for its owner, mails them and records who made it', () => {
    const { state, effects } = createCorrectiveAction(draft());
    expect(state).toMatchObject({ status: 'open', version: 1, overdue: false, escalated: false, remindersSent: [] });
    expect(effects).toEqual([{ type: 'mail', kind: 'assigned', to: 'owner' }]);
    expect(state.audit[0]).toMatchObject({ event: 'created', actorId: 'boss' });
  });
  it('refuses a due time that is not in the future', () => {
    expect(refusalOf(() => createCorrectiveAction(draft({ dueAt: T0 })))).toBe('ACTION_DUE_IN_PAST');
    expect(refusalOf(() => createCorrectiveAction(draft({ dueAt: 'soon' })))).toBe('INVALID_DATE');
  });
  it('does not plan reminders whose time had passed when the due time was set', () => {
    const s = createCorrectiveAction(draft({ dueAt: at(2 * DAY) })).state;
    expect(s.remindersSent).toEqual([3 * DAY]);
    expect(actionTimers(s).map((t) => t.kind)).toEqual(['reminder', 'overdue', 'escalate']);
  });
});

describe('transitionAction: who may do what in which state', () => {
  const submitted = () => run(fresh(), fix).state;
  it.each<[string, () => CorrectiveActionState, Cmd, string]>([
    ['owner starts an open action', fresh, { type: 'start', actor: owner }, 'accepted'],
    ['someone else cannot start it', fresh, { type: 'start', actor: judge }, 'ACTION_NOT_OWNER'],
    ['a started action is not started again', () => run(fresh(), { type: 'start', actor: owner }).state, { type: 'start', actor: owner }, 'ACTION_WRONG_STATE'],
    ['owner submits a fix straight from open', fresh, fix, 'accepted'],
    ['someone else cannot submit the fix', fresh, { ...fix, actor: judge }, 'ACTION_NOT_OWNER'],
    ['a fix needs a note', fresh, { ...fix, note: '  ' }, 'ACTION_NOTE_REQUIRED'],
    ['a fix needs evidence', fresh, { ...fix, evidence: [] }, 'ACTION_EVIDENCE_REQUIRED'],
    ['a fix is not verified before it is submitted', fresh, { type: 'verify', actor: judge }, 'ACTION_WRONG_STATE'],
    ['the owner cannot verify their own fix', submitted, { type: 'verify', actor: owner }, 'ACTION_OWNER_CANNOT_VERIFY'],
    ['the owner cannot reopen their own fix', submitted, { type: 'reopen', actor: owner, reason: 'x' }, 'ACTION_OWNER_CANNOT_VERIFY'],
    ['another person verifies', submitted, { type: 'verify', actor: judge }, 'accepted'],
    ['reopening needs a reason', submitted, { type: 'reopen', actor: judge, reason: '' }, 'ACTION_REASON_REQUIRED'],
    ['a second fix waits for the first to be judged', submitted, fix, 'ACTION_WRONG_STATE'],
    [
      'a verified action is closed to everything',
      () => run(submitted(), { type: 'verify', actor: judge }).state,
      { type: 'redate', actor: boss, dueAt: at(30 * DAY) },
      'ACTION_CLOSED',
    ],
    ['redating into the past is refused', fresh, { type: 'redate', actor: boss, dueAt: at(DAY - 1) }, 'ACTION_DUE_IN_PAST'],
    ['reassigning to the same owner is refused', fresh, { type: 'reassign', actor: boss, owner }, 'ACTION_SAME_OWNER'],
  ])('%s', (_name, state, cmd, outcome) => {
    expect(refusalOf(() => assertActionAccepted(state(), { at: at(DAY), ...cmd } as ActionCommand))).toBe(outcome);
  });
});

describe('the life of an action', () => {
  it('fix -> reopen -> fix -> verified, each judged round kept with its evidence and every step in the audit trail', () => {
    let r = run(fresh(), { type: 'start', actor: owner }, fix);
    expect(r.state.status).toBe('fix_submitted');
    expect(r.effects).toEqual([{ type: 'mail', kind: 'fixSubmitted', to: 'verifiers' }]);
    r = run(r.state, { type: 'reopen', actor: judge, reason: 'The limits have no units' });
    expect(r.state.status).toBe('reopened');
    expect(r.effects).toEqual([{ type: 'mail', kind: 'reopened', to: 'owner', detail: 'The limits have no units' }]);
    r = run(r.state, { ...fix, note: 'Units added' }, { type: 'verify', actor: judge, at: at(2 * DAY) });
    expect(r.state).toMatchObject({ status: 'verified', closedAt: at(2 * DAY), version: 6 });
    expect(r.state.fixes.map((f) => [f.round, f.outcome?.verdict])).toEqual([
      [1, 'reopened'],
      [2, 'verified'],
    ]);
    expect(r.state.audit.map((a) => a.event)).toEqual(['created', 'started', 'fixSubmitted', 'reopened', 'fixSubmitted', 'verified']);
    expect(actionTimers(r.state)).toEqual([]);
  });

  it('timers: reminders in order, overdue at the due time, escalation after it; each once; none after the fix', () => {
    let s = fresh();
    expect(actionTimers(s).map((t) => [t.kind, t.at])).toEqual([
      ['reminder', Date.parse(at(4 * DAY))],
      ['reminder', Date.parse(at(6 * DAY))],
      ['overdue', Date.parse(at(7 * DAY))],
      ['escalate', Date.parse(at(9 * DAY))],
    ]);
    const fire = (t: ReturnType<typeof actionTimers>[number]) =>
      run(s, { type: 'timer', event: t.kind, offsetMs: t.offsetMs, at: new Date(t.at).toISOString() });
    const kinds: string[] = [];
    while (actionTimers(s).length) {
      const r = fire(actionTimers(s)[0]);
      kinds.push(...r.effects.map((e) => `${e.kind}->${e.to}`));
      s = r.state;
    }
    expect(kinds).toEqual(['reminder->owner', 'reminder->owner', 'overdue->owner', 'escalated->managers']);
    expect(s).toMatchObject({ overdue: true, escalated: true });
    // a timer fired again (a replayed or late wake-up) changes nothing
    expect(run(s, { type: 'timer', event: 'escalate' })).toEqual({ state: s, effects: [] });
    // the fix clears overdue and stops the timers
    s = run(s, fix).state;
    expect(s.overdue).toBe(false);
    expect(actionTimers(s)).toEqual([]);
  });

  it('an overdue timer before the due time (a moved due date) changes nothing; redating restarts reminders', () => {
    const s = fresh();
    expect(run(s, { type: 'timer', event: 'overdue', at: at(DAY) }).effects).toEqual([]);
    const late = run(s, { type: 'timer', event: 'overdue', at: at(8 * DAY) }).state;
    const moved = run(late, { type: 'redate', actor: boss, dueAt: at(20 * DAY), at: at(8 * DAY) });
    expect(moved.state).toMatchObject({ overdue: false, escalated: false, remindersSent: [] });
    expect(moved.effects).toEqual([{ type: 'mail', kind: 'redated', to: 'owner' }]);
  });

  it('reassign mails the new owner, who may then act', () => {
    const r = run(fresh(), { type: 'reassign', actor: boss, owner: judge });
    expect(r.state.owner).toEqual(judge);
    expect(r.effects).toEqual([{ type: 'mail', kind: 'assigned', to: 'owner' }]);
    expect(refusalOf(() => assertActionAccepted(r.state, { type: 'start', actor: owner, at: at(DAY) }))).toBe('ACTION_NOT_OWNER');
  });
});

describe('views and inputs', () => {
  it('shows the verify button only to someone else who holds the permission, after a fix', () => {
    const s = run(fresh(), fix).state;
    const viewer = (id: string, permissions: string[]) => ({ id, companyId: 'c1', role: 'x', permissions: permissions as never[] });
    expect(actionAllowed(s, viewer('judge', ['verifyCorrectiveAction'])).verify).toBe(true);
    expect(actionAllowed(s, viewer('judge', ['viewCorrectiveAction'])).verify).toBe(false);
    expect(actionAllowed(s, viewer('owner', ['verifyCorrectiveAction'])).verify).toBe(false);
  });
  it('summarises counts, ages and time to close', () => {
    const open = fresh();
    const closed = run(open, fix, { type: 'verify', actor: judge, at: at(3 * DAY) }).state;
    const sum = actionSummary([open, { ...open, id: 'a2', overdue: true, createdAt: at(-40 * DAY) }, closed], at(10 * DAY));
    expect(sum.counts).toEqual({ open: 2, overdue: 1, fixSubmitted: 0, closed: 1 });
    expect(sum.openByAge).toEqual([
      { band: '0-7', count: 0 },
      { band: '8-30', count: 1 },
      { band: '31-90', count: 1 },
      { band: '90+', count: 0 },
    ]);
    expect(sum.averageDaysToClose).toBe(3);
    expect(sum.bySeverity.critical).toEqual({ open: 2, closed: 1 });
  });
  it('reads the farm and the policy reference', () => {
    expect(farmOfEstablishment({ establishment_registration_document: { name_of_establishment: 'Green  Farm', registration_number: ' REG-1 ' } })).toEqual({
      key: 'reg-1',
      name: 'Green  Farm',
    });
    expect(farmOfEstablishment({ establishment_registration_document: { name_of_establishment: 'Green Farm', registration_number: '' } }).key).toBe(
      'green farm',
    );
    expect(policyRefOf('HACCP principle 3 (Codex CXC 1-1969) requires limits')).toBe('Codex CXC 1-1969');
    expect(policyRefOf('Keep records')).toBeNull();
  });
  it('parses requests: a day is the end of that day; bad severity and dates are coded', () => {
    expect(dueTimeOf('2026-12-01')).toBe('2026-12-01T23:59:59.000Z');
    expect(redateInput.safeParse({ dueAt: 'tomorrow' }).error?.issues[0].message).toBe('INVALID_DATE');
    const bad = createActionsInput.safeParse({
      complianceId: '00000000-0000-4000-8000-000000000000',
      items: [{ checkIndex: 0, ownerId: '00000000-0000-4000-8000-000000000000', severity: 'huge' }],
    });
    expect(bad.success).toBe(false);
  });
});

describe('the issued certificate', () => {
  it('states "no open critical corrective actions at issue" only when the count frozen at issue is 0', () => {
    const cert = createCertificate(testDraft());
    expect(issuedCertificate(cert, { openCriticalActionsAtIssue: 0 }).noOpenCriticalActionsAtIssue).toBe(true);
    expect(issuedCertificate(cert, { openCriticalActionsAtIssue: 2 }).noOpenCriticalActionsAtIssue).toBe(false);
    expect(issuedCertificate(cert, {})).not.toHaveProperty('noOpenCriticalActionsAtIssue');
  });
});
