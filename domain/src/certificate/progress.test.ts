import { createCertificate } from './build';
import { transition } from './machine';
import { askedNow, signingProgress, waitingFor } from './progress';
import type { CertificateCommand, CertificateState, Signer } from './types';

const at = (h: number) => new Date(Date.parse('2025-03-01T00:00:00.000Z') + h * 3_600_000).toISOString();
const person = (id: string): Signer => ({ id, name: `Name ${id}`, email: `${id}@grain.test`, role: 'Inspector' });
const apply = (s: CertificateState, c: CertificateCommand) => transition(s, c).state;
const base = () =>
  apply(
    createCertificate({
      id: 'c1',
      approvalNumber: '1',
      approvalName: 'Lot',
      companyId: 'co',
      submitter: { id: 'sub', name: 'Sam', email: 's@x' },
      levels: [
        { group: 'Farm', signers: ['a1', 'a2'].map(person), signatures: 2, deadline: at(100) },
        { group: 'Inspection', signers: [person('b1')], signatures: 1, deadline: at(200) },
      ],
    }),
    { type: 'submit', actor: { id: 'sub', name: 'Sam' }, at: at(0) },
  );

describe('where a certificate is', () => {
  it('tells per signer: asked at the level start, opened since, signed; later levels are not asked yet', () => {
    const s = apply(base(), { type: 'sign', actor: { id: 'a1', name: 'A1' }, at: at(2) });
    const p = signingProgress(s, [
      { level: 1, userId: 'a2', viewedAt: at(1) },
      { level: 2, userId: 'b1', viewedAt: at(1) },
    ]);
    expect(p.map((l) => [l.level, l.state, l.signedCount, l.required])).toEqual([
      [1, 'current', 1, 2],
      [2, 'upcoming', 0, 1],
    ]);
    expect(p[0].signers).toEqual([
      { _id: 'a1', fullName: 'Name a1', step: 'signed', notifiedAt: at(0), signedAt: at(2) },
      { _id: 'a2', fullName: 'Name a2', step: 'viewed', notifiedAt: at(0), viewedAt: at(1) },
    ]);
    expect(p[1].signers).toEqual([{ _id: 'b1', fullName: 'Name b1', step: 'waiting' }]);
  });
  it('a delegate is asked when delegated to, on behalf of the delegator; a signer added in flight when added', () => {
    let s = apply(base(), { type: 'delegate', actor: { id: 'a2', name: 'A2' }, to: [person('d1')], at: at(3) });
    s = apply(s, { type: 'adjustLevel', actor: { id: 'sub', name: 'Sam' }, level: 1, signers: ['a1', 'a2', 'n1'].map(person), at: at(4) });
    const p = signingProgress(s, [{ level: 1, userId: 'd1', viewedAt: at(2) }]);
    const by = (id: string) => p[0].signers.find((x) => x._id === id);
    expect(by('d1')).toEqual({ _id: 'd1', fullName: 'Name d1', onBehalfOf: 'Name a2', step: 'notified', notifiedAt: at(3) });
    expect(by('n1')).toMatchObject({ step: 'notified', notifiedAt: at(4) });
    expect(askedNow(s, 'n1')).toEqual({ level: 1, since: at(4) });
    expect(askedNow(s, 'b1')).toBeUndefined();
    expect(askedNow(s, 'sub')).toBeUndefined();
  });
});

describe('who acts next', () => {
  it('sent back: the level waits for the submitter, its signers are not asked (not "opened") until the resubmit', () => {
    const signedOnce = apply(base(), { type: 'sign', actor: { id: 'a1', name: 'A1' }, at: at(2) });
    const back = apply(signedOnce, { type: 'reject', actor: { id: 'a2', name: 'A2' }, toLevel: 0, reason: 'lab slip', at: at(3) });
    const p = signingProgress(back, [{ level: 1, userId: 'a2', viewedAt: at(1) }]);
    expect(p[0].state).toBe('current');
    expect(p[0].signers.map((x) => x.step)).toEqual(['waiting', 'waiting']);
    expect(waitingFor(back)).toEqual({ who: 'submitter', names: ['Sam'], level: 1 });
    const again = apply(back, { type: 'resubmit', actor: { id: 'sub', name: 'Sam' }, at: at(4) });
    expect(signingProgress(again, [])[0].signers.map((x) => x.step)).toEqual(['notified', 'notified']);
    expect(waitingFor(again)).toEqual({ who: 'signers', names: ['Name a1', 'Name a2'], level: 1 });
  });
  it('a draft waits for its submitter; an issued or withdrawn certificate for nobody', () => {
    const draft = createCertificate({
      id: 'c2',
      approvalNumber: '2',
      approvalName: 'Lot',
      companyId: 'co',
      submitter: { id: 'sub', name: 'Sam', email: 's@x' },
      levels: [{ group: 'Farm', signers: [person('a1')], signatures: 1, deadline: at(100) }],
    });
    expect(waitingFor(draft)).toEqual({ who: 'submitter', names: ['Sam'] });
    expect(waitingFor(apply(base(), { type: 'cancel', actor: { id: 'sub', name: 'Sam' }, at: at(1) }))).toBeNull();
  });
});
