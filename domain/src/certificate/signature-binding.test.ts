import { createCertificate } from './build';
import { transition } from './machine';
import type { CertificateChanges, CertificateCommand, CertificateState, CommandActor, Signer } from './types';

const T0 = '2025-03-01T00:00:00.000Z';
const person = (id: string): Signer => ({ id, name: `Name ${id}`, email: `${id}@grain.test`, role: 'Inspector' });
const actor = (id: string): CommandActor => ({ id, name: `Name ${id}` });
const SUB = actor('sub');

type Cmd = CertificateCommand extends infer C ? (C extends CertificateCommand ? Omit<C, 'at'> : never) : never;
function run(state: CertificateState, ...cmds: Cmd[]) {
  let s = state;
  let effects: ReturnType<typeof transition>['effects'] = [];
  for (const c of cmds) ({ state: s, effects } = transition(s, { at: T0, ...c } as CertificateCommand));
  return { state: s, effects };
}
const sign = (id: string): Cmd => ({ type: 'sign', actor: actor(id) });

/** Levels 1 and 2 signed, then level 3 sends the certificate back to level 2. */
function rejectedBackToLevel2(): CertificateState {
  const draft = createCertificate({
    id: 'c1',
    approvalNumber: 'N1',
    approvalName: 'Barley lot 7',
    companyId: 'co1',
    submitter: { id: 'sub', name: 'Sub', email: 'sub@grain.test' },
    approvalDoc: { id: 'farm-1', name: 'Farm record 1', farm: { harvestGrade: 'FEED' } },
    levels: ['a', 'b', 'c'].map((g, i) => ({
      group: g,
      signers: [1, 2, 3].map((n) => person(`${g}${n}`)),
      signatures: 2,
      deadline: `2025-03-1${i}T00:00:00.000Z`,
    })),
  });
  return run(draft, { type: 'submit', actor: SUB }, sign('a1'), sign('a2'), sign('b1'), sign('b2'), {
    type: 'reject',
    actor: actor('c1'),
    toLevel: 2,
    reason: 'grade',
  }).state;
}
const newFarm: CertificateChanges = { approvalName: 'Renamed', approvalDoc: { id: 'farm-2', name: 'Farm record 2', farm: { harvestGrade: 'APH' } } };

describe('a signature counts only for the content it was made over', () => {
  it('records the content hash each signature was made over', () => {
    const s = rejectedBackToLevel2();
    expect(s.levels[0].signed.map((e) => e.contentHash)).toEqual([s.contentHash, s.contentHash]);
  });

  it('a resubmit with changed content voids the older signatures and restarts at their level', () => {
    const before = rejectedBackToLevel2();
    const { state, effects } = run(before, { type: 'resubmit', actor: SUB, changes: newFarm });
    expect(state.contentHash).not.toBe(before.contentHash);
    expect(state).toMatchObject({ stage: 1, status: 'signing' });
    expect(state.levels.map((l) => [l.status, l.signed.length])).toEqual([
      ['signing', 0],
      ['created', 0],
      ['created', 0],
    ]);
    expect(state.levels[0].voided).toMatchObject([
      { userId: 'a1', contentHash: before.contentHash, voidedFor: state.contentHash, voidedAt: T0 },
      { userId: 'a2', contentHash: before.contentHash, voidedFor: state.contentHash, voidedAt: T0 },
    ]);
    expect(state.audit.filter((e) => e.action === 'signatureVoided')).toMatchObject([
      { actorId: 'a1', level: 1 },
      { actorId: 'a2', level: 1 },
    ]);
    expect(effects[0]).toEqual({
      type: 'notifySignaturesVoided',
      level: 1,
      changed: ['name', 'farmRecord'],
      recipients: [
        { id: 'a1', name: 'Name a1', email: 'a1@grain.test' },
        { id: 'a2', name: 'Name a2', email: 'a2@grain.test' },
      ],
    });
    // one mail per person for one event: a1 and a2 are told by the voided notice (it asks them to sign
    // again), so the resubmit's notice goes to the level's other signer only
    expect(effects[1]).toMatchObject({ type: 'notifySigners', level: 1, reason: 'resubmitted', recipients: [{ id: 'a3' }] });
  });

  it('signing again to the end leaves only signatures over the final content', () => {
    const { state } = run(
      rejectedBackToLevel2(),
      { type: 'resubmit', actor: SUB, changes: newFarm },
      sign('a1'),
      sign('a3'),
      sign('b2'),
      sign('b3'),
      sign('c1'),
      sign('c2'),
    );
    expect(state.status).toBe('done');
    for (const l of state.levels) for (const e of l.signed) expect(e.contentHash).toBe(state.contentHash);
  });

  it('an edit while rejected voids at once; the resubmit then starts at the voided level', () => {
    const before = rejectedBackToLevel2();
    const edited = run(before, { type: 'edit', actor: SUB, changes: newFarm });
    expect(edited.state).toMatchObject({ stage: 1, status: 'rejected' });
    expect(edited.state.levels[0]).toMatchObject({ status: 'rejected', signed: [] });
    expect(edited.effects.map((e) => e.type)).toEqual(['notifySignaturesVoided']);
    const { state } = run(edited.state, { type: 'resubmit', actor: SUB });
    expect(state).toMatchObject({ stage: 1, status: 'signing' });
  });

  it('a resubmit without a content change keeps every signature', () => {
    const before = rejectedBackToLevel2();
    const { state, effects } = run(before, { type: 'resubmit', actor: SUB, changes: { approvalName: before.approvalName } });
    expect(state.contentHash).toBe(before.contentHash);
    expect(state).toMatchObject({ stage: 2, status: 'signing' });
    expect(state.levels[0].signed.map((e) => e.userId)).toEqual(['a1', 'a2']);
    expect(state.levels[0].voided).toBeUndefined();
    expect(effects.map((e) => e.type)).toEqual(['notifySigners']);
  });
});
