import { createHash } from 'node:crypto';
import { createCertificate, certificateContentHash } from './build';
import { isOverdue, pendingSigners, recordLedgerTx, transition } from './machine';
import { sha256Hex } from './sha256';
import type { CertificateCommand, CertificateState } from './types';
import { actor, person, refusal, T0, testDraft, type Cmd } from '../testing/certificate-fixtures';

const draft = testDraft;

/** Applies commands in order, failing the test on the first refusal. */
function run(state: CertificateState, ...cmds: Cmd[]) {
  let s = state;
  let effects: ReturnType<typeof transition>['effects'] = [];
  for (const c of cmds) ({ state: s, effects } = transition(s, { at: T0, ...c } as CertificateCommand));
  return { state: s, effects };
}
const sign = (id: string, extra = {}) => ({ type: 'sign' as const, actor: actor(id), ...extra });
const submitted = () => run(createCertificate(draft()), { type: 'submit', actor: actor('sub') }).state;

describe('sha256', () => {
  it.each(['', 'abc', 'Phê duyệt cấp 1 🌾', 'x'.repeat(1000)])('matches node crypto for %j', (text) => {
    expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});

describe('submit', () => {
  it('starts level 1, notifies its signers and records the submission', () => {
    const { state, effects } = run(createCertificate(draft()), { type: 'submit', actor: actor('sub') });
    expect(state).toMatchObject({ status: 'signing', stage: 1, version: 1, startDate: T0, deadline: '2025-03-30T00:00:00.000Z' });
    expect(state.levels.map((l) => l.status)).toEqual(['signing', 'created', 'created']);
    expect(effects.map((e) => e.type)).toEqual(['ledger', 'notifySigners']);
    expect(effects[1]).toMatchObject({ level: 1, recipients: [{ id: 'a1' }, { id: 'a2' }, { id: 'a3' }] });
  });
  it.each([
    ['no levels', draft({ levels: [] }), 'sub', 'LEVELS_REQUIRED'],
    [
      'required count above the signers',
      draft({ levels: [{ group: 'g', signers: [person('a1')], signatures: 2, deadline: T0 }] }),
      'sub',
      'SIGNATURES_EXCEED_SIGNERS',
    ],
    [
      'submitter does not count as a signer',
      draft({ levels: [{ group: 'g', signers: [person('a1'), person('sub')], signatures: 2, deadline: T0 }] }),
      'sub',
      'SIGNATURES_EXCEED_SIGNERS',
    ],
    ['signatures above 10', draft({ levels: [{ group: 'g', signers: [person('a1')], signatures: 11, deadline: T0 }] }), 'sub', 'INVALID_SIGNATURE_COUNT'],
    ['signatures 0', draft({ levels: [{ group: 'g', signers: [person('a1')], signatures: 0, deadline: T0 }] }), 'sub', 'INVALID_SIGNATURE_COUNT'],
    ['bad due date', draft({ levels: [{ group: 'g', signers: [person('a1')], signatures: 1, deadline: 'soon' }] }), 'sub', 'INVALID_DATE'],
    ['someone else', draft(), 'a1', 'ACCESS_DENIED'],
  ])('refuses %s', (_n, d, who, code) => {
    expect(refusal(createCertificate(d), { type: 'submit', actor: actor(who) })).toBe(code);
  });
  it('refuses a second submit', () => expect(refusal(submitted(), { type: 'submit', actor: actor('sub') })).toBe('CERTIFICATE_NOT_EDITABLE'));
});

describe('sign', () => {
  it('a 2-of-3 level is pending after one signature and done after two distinct ones', () => {
    const one = run(submitted(), sign('a1', { note: 'ok' }));
    expect(one.state).toMatchObject({ status: 'pending', stage: 1 });
    expect(one.state.levels[0]).toMatchObject({ status: 'pending', signed: [{ userId: 'a1', note: 'ok', at: T0 }] });
    expect(one.effects).toEqual([expect.objectContaining({ type: 'ledger', event: 'signature', userId: 'a1', level: 1 })]);
    const two = run(one.state, sign('a3'));
    expect(two.state).toMatchObject({ status: 'signing', stage: 2 });
    expect(two.state.levels.map((l) => l.status)).toEqual(['done', 'signing', 'created']);
    expect(two.effects.map((e) => e.type)).toEqual(['ledger', 'notifySigners']);
  });
  it('the last level completes the certificate: ledger completion, PDF, mails', () => {
    const { state, effects } = run(submitted(), sign('a1'), sign('a2'), sign('b1'), sign('b2'), sign('c2'), sign('c3'));
    expect(state).toMatchObject({ status: 'done', completedDate: T0, overdue: false, version: 7 });
    expect(effects.map((e) => (e.type === 'ledger' ? e.event : e.type))).toEqual(['signature', 'completion', 'generatePdf', 'notifyCompleted']);
    // the submitter and every signer but the one whose signature completed it (they see it as they sign)
    expect(effects.find((e) => e.type === 'notifyCompleted')?.recipients.map((p) => p.id)).toEqual(['sub', 'a1', 'a2', 'b1', 'b2', 'c2']);
  });
  it.each([
    ['an outsider', [], 'zz', 'NOT_A_SIGNER'],
    ['a signer of a later level', [], 'b1', 'NOT_A_SIGNER'],
    ['a duplicate signature', [sign('a1')], 'a1', 'ALREADY_SIGNED'],
    ['a done certificate', [sign('a1'), sign('a2'), sign('b1'), sign('b2'), sign('c1'), sign('c2')], 'c3', 'CERTIFICATE_DONE'],
  ])('refuses %s', (_n, before, who, code) => {
    expect(refusal(run(submitted(), ...before).state, sign(who))).toBe(code);
  });
  it('refuses the submitter even when listed as a signer', () => {
    const d = draft({ levels: [{ group: 'g', signers: [person('sub'), person('a1')], signatures: 1, deadline: T0 }] });
    const s = run(createCertificate(d), { type: 'submit', actor: actor('sub') }).state;
    expect(refusal(s, sign('sub'))).toBe('SUBMITTER_CANNOT_SIGN');
  });
  it('refuses on a draft and on a cancelled certificate', () => {
    expect(refusal(createCertificate(draft()), sign('a1'))).toBe('CERTIFICATE_NOT_ACTIVE');
    expect(refusal(run(submitted(), { type: 'cancel', actor: actor('sub') }).state, sign('a1'))).toBe('CERTIFICATE_CANCELLED');
  });
  it('leaves the given state untouched when refused', () => {
    const s = run(submitted(), sign('a1')).state;
    const copy = JSON.stringify(s);
    refusal(s, sign('a1'));
    expect(JSON.stringify(s)).toBe(copy);
  });
});

describe('reject', () => {
  const atLevel2 = () => run(submitted(), sign('a1'), sign('a2'), sign('b1')).state;
  it('to the current level clears its signatures only', () => {
    const { state, effects } = run(atLevel2(), { type: 'reject', actor: actor('b2'), toLevel: 2, reason: 'wrong truck' });
    expect(state).toMatchObject({ status: 'signing', stage: 2 });
    expect(state.levels[0].signed).toHaveLength(2);
    expect(state.levels[1]).toMatchObject({ signed: [], status: 'signing', comments: ['Name b2: wrong truck'] });
    expect(effects[1]).toMatchObject({ type: 'notifyRejected', toLevel: 2, fromLevel: 2 });
  });
  it('to an earlier level clears from the target on, moves the stage and sets rejected', () => {
    const { state, effects } = run(atLevel2(), { type: 'reject', actor: actor('b3'), toLevel: 1, reason: 'protein figure wrong' });
    expect(state).toMatchObject({ status: 'rejected', stage: 1 });
    expect(state.levels.map((l) => [l.status, l.signed.length])).toEqual([
      ['rejected', 0],
      ['created', 0],
      ['created', 0],
    ]);
    const recipients = (effects[1] as { recipients: { id: string }[] }).recipients.map((p) => p.id).sort();
    expect(recipients).toEqual(['a1', 'a2', 'a3', 'b1', 'sub']);
  });
  it('back to the submitter (level 0) from level 1: every signature cleared, rejected at level 1, the submitter told', () => {
    const { state, effects } = run(submitted(), sign('a1'), { type: 'reject', actor: actor('a2'), toLevel: 0, reason: 'lab slip missing' });
    expect(state).toMatchObject({ status: 'rejected', stage: 1 });
    expect(state.levels.map((l) => [l.status, l.signed.length])).toEqual([
      ['rejected', 0],
      ['created', 0],
      ['created', 0],
    ]);
    expect(effects[1]).toMatchObject({ type: 'notifyRejected', toLevel: 0, fromLevel: 1 });
    const recipients = (effects[1] as { recipients: { id: string }[] }).recipients.map((p) => p.id).sort();
    expect(recipients).toEqual(['a1', 'a3', 'sub']);
    expect(state.audit.at(-1)).toMatchObject({ action: 'reject', level: 1, toLevel: 0, reason: 'lab slip missing' });
    // the submitter updates and resubmits: signing starts again at level 1
    const again = run(state, { type: 'resubmit', actor: actor('sub') });
    expect(again.state).toMatchObject({ status: 'signing', stage: 1 });
    expect(again.effects).toEqual([expect.objectContaining({ type: 'notifySigners', reason: 'resubmitted', level: 1 })]);
  });
  it('back to the submitter from a later level clears every level', () => {
    const { state } = run(atLevel2(), { type: 'reject', actor: actor('b3'), toLevel: 0, reason: 'wrong farm record' });
    expect(state).toMatchObject({ status: 'rejected', stage: 1 });
    expect(state.levels.map((l) => l.signed.length)).toEqual([0, 0, 0]);
  });
  it('re-signing after a reject walks the chain again', () => {
    const back = run(atLevel2(), { type: 'reject', actor: actor('b3'), toLevel: 1, reason: 'redo' }).state;
    const { state } = run(back, sign('a1'), sign('a2'), sign('b1'));
    expect(state).toMatchObject({ status: 'pending', stage: 2 });
    expect(state.levels[0].signed.map((e) => e.userId)).toEqual(['a1', 'a2']);
  });
  it.each([
    ['a later level', { toLevel: 3, reason: 'x' }, 'b2', 'CANNOT_MOVE_FORWARD'],
    ['no reason', { toLevel: 1, reason: '  ' }, 'b2', 'REASON_REQUIRED'],
    ['a level that does not exist', { toLevel: 9, reason: 'x' }, 'b2', 'INVALID_LEVEL'],
    ['a signer who already signed', { toLevel: 1, reason: 'x' }, 'b1', 'ALREADY_SIGNED'],
    ['an outsider', { toLevel: 1, reason: 'x' }, 'a1', 'NOT_A_SIGNER'],
  ])('refuses %s', (_n, args, who, code) => {
    expect(refusal(atLevel2(), { type: 'reject', actor: actor(who), ...args })).toBe(code);
  });
  it('refuses a second reject while rejected, and a reject on a done certificate', () => {
    const back = run(atLevel2(), { type: 'reject', actor: actor('b3'), toLevel: 1, reason: 'redo' }).state;
    expect(refusal(back, { type: 'reject', actor: actor('a1'), toLevel: 1, reason: 'x' })).toBe('CERTIFICATE_ALREADY_REJECTED');
    const done = run(submitted(), sign('a1'), sign('a2'), sign('b1'), sign('b2'), sign('c1'), sign('c2')).state;
    expect(refusal(done, { type: 'reject', actor: actor('c3'), toLevel: 1, reason: 'x' })).toBe('CERTIFICATE_DONE');
  });
});

describe('edit and resubmit', () => {
  const rejected = () => run(submitted(), sign('a1'), sign('a2'), { type: 'reject', actor: actor('b1'), toLevel: 1, reason: 'fix' }).state;
  it('edits while created or rejected, keeping signed levels and changing the content hash', () => {
    const s = rejected();
    const { state } = run(s, { type: 'edit', actor: actor('sub'), changes: { approvalName: 'Barley lot 7b' } });
    expect(state.approvalName).toBe('Barley lot 7b');
    expect(state.contentHash).not.toBe(s.contentHash);
    expect(state.contentHash).toBe(certificateContentHash(state));
  });
  it('refuses an edit while signing, or by someone else; an admin may edit', () => {
    expect(refusal(submitted(), { type: 'edit', actor: actor('sub'), changes: { summary: 'x' } })).toBe('CERTIFICATE_NOT_EDITABLE');
    expect(refusal(rejected(), { type: 'edit', actor: actor('a1'), changes: { summary: 'x' } })).toBe('ACCESS_DENIED');
    expect(refusal(rejected(), { type: 'edit', actor: actor('adm', { isAdmin: true }), changes: { summary: 'x' } })).toBe('accepted');
  });
  it('resubmit puts a rejected certificate back to signing at its stage and notifies the signers', () => {
    const { state, effects } = run(rejected(), { type: 'resubmit', actor: actor('sub') });
    expect(state).toMatchObject({ status: 'signing', stage: 1 });
    expect(effects).toEqual([expect.objectContaining({ type: 'notifySigners', reason: 'resubmitted', level: 1 })]);
    expect(refusal(submitted(), { type: 'resubmit', actor: actor('sub') })).toBe('CERTIFICATE_NOT_ACTIVE');
  });
});

describe('delegate', () => {
  it('adds signers acting for the delegator, with a comment; a delegate signature counts once for the delegator', () => {
    const { state, effects } = run(submitted(), { type: 'delegate', actor: actor('a1'), to: [person('d1')], note: 'on leave' });
    expect(state.levels[0].signers.at(-1)).toMatchObject({ id: 'd1', delegatedBy: 'a1' });
    expect(state.levels[0].comments).toEqual(['Name a1: on leave']);
    expect(effects.map((e) => e.type)).toEqual(['ledger', 'notifySigners']);
    const signed = run(state, sign('d1'));
    expect(signed.state.levels[0].signed[0]).toMatchObject({ userId: 'd1', onBehalfOf: 'a1' });
    expect(refusal(signed.state, sign('a1'))).toBe('ALREADY_SIGNED');
    expect(run(signed.state, sign('a2')).state.stage).toBe(2);
  });
  it.each([
    ['to someone already a signer', [person('a2')], 'DELEGATE_ALREADY_SIGNER'],
    ['to oneself', [person('a1')], 'DELEGATE_ALREADY_SIGNER'],
    ['to the submitter', [person('sub')], 'SUBMITTER_CANNOT_SIGN'],
    ['to nobody', [], 'DELEGATE_REQUIRED'],
  ])('refuses delegation %s', (_n, to, code) => {
    expect(refusal(submitted(), { type: 'delegate', actor: actor('a1'), to })).toBe(code);
  });
  it('refuses delegation by a signer who already signed', () => {
    expect(refusal(run(submitted(), sign('a1')).state, { type: 'delegate', actor: actor('a1'), to: [person('d1')] })).toBe('ALREADY_SIGNED');
  });
});

describe('deadline and overdue', () => {
  it('marks the current level and the certificate overdue once, escalating to submitter and managers', () => {
    const { state, effects } = run(submitted(), { type: 'deadlinePassed', actor: actor('system'), level: 1 });
    expect(state.overdue).toBe(true);
    expect(state.levels[0].overdue).toBe(true);
    expect(effects).toEqual([
      { type: 'escalateOverdue', level: 1, recipients: [expect.objectContaining({ id: 'sub' }), expect.objectContaining({ id: 'mgr' })] },
    ]);
    const again = transition(state, { type: 'deadlinePassed', actor: actor('system'), level: 1, at: T0 });
    expect(again.state).toBe(state);
    expect(again.effects).toEqual([]);
  });
  it('ignores a deadline of a level that is not current', () => {
    const s = submitted();
    expect(transition(s, { type: 'deadlinePassed', actor: actor('system'), level: 2, at: T0 }).state).toBe(s);
  });
  it.each([
    ['before the deadline', '2025-03-05T00:00:00Z', false],
    ['after the level deadline', '2025-03-11T00:00:00Z', true],
  ])('isOverdue %s', (_n, now, expected) => {
    expect(isOverdue(submitted(), new Date(now))).toBe(expected);
  });
  it('a done certificate is never overdue', () => {
    const done = run(submitted(), sign('a1'), sign('a2'), sign('b1'), sign('b2'), sign('c1'), sign('c2')).state;
    expect(isOverdue(done, new Date('2030-01-01'))).toBe(false);
  });
});

describe('cancel, ledger tx ids, pending signers', () => {
  it('cancel by the submitter; refused once done', () => {
    expect(run(submitted(), { type: 'cancel', actor: actor('sub') }).state.status).toBe('cancelled');
    expect(refusal(submitted(), { type: 'cancel', actor: actor('a1') })).toBe('ACCESS_DENIED');
  });
  it('records the tx id on the signature and bumps the version', () => {
    const { state, effects } = run(submitted(), sign('a1'));
    const next = recordLedgerTx(state, effects[0] as Extract<(typeof effects)[0], { type: 'ledger' }>, 'tx-1', T0);
    expect(next.levels[0].signed[0].txId).toBe('tx-1');
    expect(next.version).toBe(state.version + 1);
  });
  it('pending signers exclude signed principals and the submitter', () => {
    const s = run(submitted(), sign('a2')).state;
    expect(pendingSigners(s, s.levels[0]).map((x) => x.id)).toEqual(['a1', 'a3']);
  });
});
