/** Work in flight: a level's due time and signers changed without a rejection, reminders and escalations by hand, withdrawal. */
import { certificateContentHash, createCertificate } from './build';
import { levelTimers } from './timer-plan';
import type { CertificateDraft, CertificateState } from './types';
import { actor, apply, levelOf, person, refusal, T0, testDraft, type Cmd } from '../testing/certificate-fixtures';

const later = (h: number) => new Date(Date.parse(T0) + h * 3_600_000).toISOString();
/** Two levels: 2 of a1–a3, then 1 of b1–b2; saved under a hash form that leaves signers and due times out. */
const draft = (over: Partial<CertificateDraft> = {}) =>
  testDraft({
    levels: [levelOf('Farm Data Signing', 'a', 3, 2, '2025-03-10T00:00:00.000Z'), levelOf('Inspection Signing', 'b', 2, 1, '2025-03-20T00:00:00.000Z')],
    ...over,
  });
const submitted = (over: Partial<CertificateDraft> = {}) => apply(createCertificate(draft(over)), { type: 'submit', actor: actor('sub') }).state;

describe('the content hash', () => {
  it("covers the chain's structure but not who is asked to sign by when", () => {
    const s = createCertificate(draft());
    const moved = { ...s, levels: s.levels.map((l) => ({ ...l, deadline: '2025-04-01T00:00:00.000Z', signers: [person('zz')] })) };
    expect(certificateContentHash(moved)).toBe(s.contentHash);
    expect(certificateContentHash({ ...s, levels: s.levels.map((l) => ({ ...l, signatures: 3 })) })).not.toBe(s.contentHash);
    expect(certificateContentHash({ ...s, levels: s.levels.map((l) => ({ ...l, group: 'Other' })) })).not.toBe(s.contentHash);
  });
  it("covers the bytes of each support document and of the farm record's grain photo, not only their ids and names", () => {
    const doc = { id: 'd1', name: 'Lab report', version: 1, sha256: 'a'.repeat(64) };
    const farm = { id: 'f1', name: 'Farm record 7', photo: { sha256: 'b'.repeat(64), mime: 'image/png' } };
    const s = createCertificate(draft({ supportDocs: [doc], approvalDoc: farm }));
    expect(certificateContentHash({ ...s, supportDocs: [{ ...doc, sha256: 'c'.repeat(64) }] })).not.toBe(s.contentHash);
    expect(certificateContentHash({ ...s, supportDocs: [{ ...doc, version: 2 }] })).not.toBe(s.contentHash);
    expect(certificateContentHash({ ...s, approvalDoc: { ...farm, photo: { ...farm.photo, sha256: 'c'.repeat(64) } } })).not.toBe(s.contentHash);
    expect(certificateContentHash({ ...s })).toBe(s.contentHash);
  });
});

describe('adjust a level in flight', () => {
  it('moves the due time of the overdue current level: no longer overdue, signatures kept, timers planned anew, audited', () => {
    let s = apply(submitted(), { type: 'sign', actor: actor('a1') }).state;
    s = apply(s, { type: 'deadlinePassed', actor: actor('system'), level: 1 }).state;
    expect(s.overdue).toBe(true);
    const due = '2025-03-15T00:00:00.000Z';
    const r = apply(s, { type: 'adjustLevel', actor: actor('mgr', { isManager: true }), level: 1, deadline: due, at: later(240) });
    expect(r.state.levels[0]).toMatchObject({ deadline: due, overdue: false, dueChangedAt: later(240) });
    expect(r.state.overdue).toBe(false);
    expect(r.state.status).toBe('pending');
    expect(r.state.levels[0].signed.map((e) => e.userId)).toEqual(['a1']);
    expect(r.state.contentHash).toBe(s.contentHash);
    expect(r.state.audit.at(-1)).toMatchObject({ action: 'adjustLevel', actorId: 'mgr', level: 1, dueBefore: '2025-03-10T00:00:00.000Z', dueAfter: due });
    const keys = (x: CertificateState) => levelTimers(x, Date.parse(later(240))).map((t) => t.key);
    expect(keys(r.state).some((k) => keys(s).includes(k))).toBe(false);
    expect(levelTimers(r.state, Date.parse(later(240))).find((t) => t.kind === 'deadline')?.at).toBe(Date.parse(due));
  });
  it('replaces pending signers of the current level and asks only the new ones', () => {
    const s = apply(submitted(), { type: 'sign', actor: actor('a1') }).state;
    const r = apply(s, { type: 'adjustLevel', actor: actor('sub'), level: 1, signers: ['a1', 'a2', 'x9'].map(person) });
    expect(r.state.levels[0].signers.map((x) => x.id)).toEqual(['a1', 'a2', 'x9']);
    expect(r.effects).toEqual([{ type: 'notifySigners', level: 1, reason: 'assigned', recipients: [{ id: 'x9', name: 'Name x9', email: 'x9@grain.test' }] }]);
    expect(r.state.audit.at(-1)).toMatchObject({ action: 'adjustLevel', added: ['Name x9'], removed: ['Name a3'] });
    // the new signer may sign at once
    expect(apply(r.state, { type: 'sign', actor: actor('x9') }).state.stage).toBe(2);
  });
  it('changes a later level without mail (its signers are asked when it starts)', () => {
    const r = apply(submitted(), { type: 'adjustLevel', actor: actor('adm', { isAdmin: true }), level: 2, signers: ['b1', 'y1'].map(person) });
    expect(r.state.levels[1].signers.map((x) => x.id)).toEqual(['b1', 'y1']);
    expect(r.effects).toEqual([]);
  });
  it.each<[string, Cmd, string]>([
    ['a signer who is not submitter, admin or manager', { type: 'adjustLevel', actor: actor('a2'), level: 1, deadline: later(500) }, 'ACCESS_DENIED'],
    ['a due time in the past', { type: 'adjustLevel', actor: actor('sub'), level: 1, deadline: '2025-02-01T00:00:00.000Z' }, 'DATE_IN_PAST'],
    ['removing a signer who signed', { type: 'adjustLevel', actor: actor('sub'), level: 1, signers: ['a2', 'a3'].map(person) }, 'SIGNER_HAS_SIGNED'],
    ['fewer signers than required', { type: 'adjustLevel', actor: actor('sub'), level: 1, signers: [person('a1')] }, 'SIGNATURES_EXCEED_SIGNERS'],
    ['the submitter as a signer', { type: 'adjustLevel', actor: actor('sub'), level: 1, signers: ['a1', 'sub'].map(person) }, 'SUBMITTER_CANNOT_SIGN'],
    ['nothing', { type: 'adjustLevel', actor: actor('sub'), level: 1 }, 'NOTHING_TO_CHANGE'],
    ['a level that does not exist', { type: 'adjustLevel', actor: actor('sub'), level: 3, deadline: later(500) }, 'INVALID_LEVEL'],
  ])('refuses %s', (_what, cmd, code) => {
    expect(refusal(apply(submitted(), { type: 'sign', actor: actor('a1') }).state, cmd)).toBe(code);
  });
  it('refuses a level already signed, a draft, a finished certificate and a certificate hashed in the first form', () => {
    let s = apply(submitted(), { type: 'sign', actor: actor('a1') }).state;
    s = apply(s, { type: 'sign', actor: actor('a2') }).state;
    expect(refusal(s, { type: 'adjustLevel', actor: actor('sub'), level: 1, deadline: later(500) })).toBe('LEVEL_ALREADY_COMPLETE');
    expect(refusal(createCertificate(draft()), { type: 'adjustLevel', actor: actor('sub'), level: 1, deadline: later(500) })).toBe('CERTIFICATE_NOT_ACTIVE');
    const done = apply(s, { type: 'sign', actor: actor('b1') }).state;
    expect(refusal(done, { type: 'adjustLevel', actor: actor('sub'), level: 2, deadline: later(500) })).toBe('CERTIFICATE_DONE');
  });
});

describe('remind and escalate by hand', () => {
  it('reminds the pending signers, at most once an hour per level', () => {
    const s = apply(submitted(), { type: 'sign', actor: actor('a1') }).state;
    const r = apply(s, { type: 'remind', actor: actor('sub'), to: 'signers' });
    expect(r.effects).toEqual([
      { type: 'remindSigners', level: 1, overdue: false, recipients: ['a2', 'a3'].map((id) => ({ id, name: `Name ${id}`, email: `${id}@grain.test` })) },
    ]);
    expect(r.state.audit.at(-1)).toMatchObject({ action: 'remind', to: 'signers', level: 1 });
    expect(refusal(r.state, { type: 'remind', actor: actor('sub'), to: 'signers', at: later(0.9) })).toBe('REMINDED_RECENTLY');
    expect(refusal(r.state, { type: 'remind', actor: actor('sub'), to: 'signers', at: later(1) })).toBe('accepted');
    // an escalation has its own hour
    expect(refusal(r.state, { type: 'remind', actor: actor('sub'), to: 'escalation', at: later(0.1) })).toBe('accepted');
  });
  it('escalates to the submitter and the managers, never to the one escalating', () => {
    const r = apply(submitted(), { type: 'remind', actor: actor('mgr', { isManager: true }), to: 'escalation' });
    // the escalation by hand names who escalated (the mail says so; the deadline's own escalation names nobody)
    expect(r.effects).toEqual([
      { type: 'escalateOverdue', level: 1, by: 'Name mgr', recipients: [{ id: 'sub', name: 'Sam Submitter', email: 'sub@grain.test' }] },
    ]);
  });
  it('refuses a signer, a certificate sent back and one with nobody to escalate to', () => {
    expect(refusal(submitted(), { type: 'remind', actor: actor('a1'), to: 'signers' })).toBe('ACCESS_DENIED');
    let s = apply(submitted(), { type: 'sign', actor: actor('a1') }).state;
    s = apply(s, { type: 'sign', actor: actor('a2') }).state;
    const back = apply(s, { type: 'reject', actor: actor('b1'), toLevel: 1, reason: 'photo' }).state;
    expect(refusal(back, { type: 'remind', actor: actor('sub'), to: 'signers' })).toBe('CERTIFICATE_ALREADY_REJECTED');
    expect(refusal(submitted({ escalateTo: [] }), { type: 'remind', actor: actor('sub'), to: 'escalation' })).toBe('NOBODY_TO_ESCALATE_TO');
  });
});

describe('withdraw', () => {
  it('tells whoever signed or is asked to sign, with the reason, and records it', () => {
    const s = apply(submitted(), { type: 'sign', actor: actor('a1') }).state;
    const r = apply(s, { type: 'cancel', actor: actor('sub'), reason: ' Lot sold elsewhere ' });
    expect(r.state.status).toBe('cancelled');
    expect(r.effects).toEqual([
      {
        type: 'notifyWithdrawn',
        level: 1,
        reason: 'Lot sold elsewhere',
        by: 'Name sub',
        recipients: ['a1', 'a2', 'a3'].map((id) => ({ id, name: `Name ${id}`, email: `${id}@grain.test` })),
      },
    ]);
    expect(r.state.audit.at(-1)).toMatchObject({ action: 'cancel', reason: 'Lot sold elsewhere' });
    // a draft has nobody to tell
    expect(apply(createCertificate(draft()), { type: 'cancel', actor: actor('sub') }).effects).toEqual([]);
  });
});
