import { createCertificate } from './build';
import { transition } from './machine';
import { rejectionNotice } from './rejection-notice';
import type { CertificateCommand, CertificateState, CommandActor, Signer } from './types';

const T0 = '2025-03-01T00:00:00.000Z';
const person = (id: string): Signer => ({ id, name: `Name ${id}`, email: `${id}@grain.test`, role: 'Inspector' });
const actor = (id: string): CommandActor => ({ id, name: `Name ${id}` });
type Cmd = CertificateCommand extends infer C ? (C extends CertificateCommand ? Omit<C, 'at'> & { at?: string } : never) : never;
const run = (s: CertificateState, ...cmds: Cmd[]) => cmds.reduce((x, c) => transition(x, { at: T0, ...c } as CertificateCommand).state, s);
const names = (id: string) => `Name ${id}`;

const start = () =>
  run(
    createCertificate({
      id: 'c1',
      approvalNumber: 'N1',
      approvalName: 'Barley lot 7',
      companyId: 'co1',
      submitter: { id: 'sub', name: 'Sam Submitter', email: 'sub@grain.test' },
      levels: [
        { group: 'Farm', signers: [person('a1')], signatures: 1, deadline: '2025-03-10T00:00:00.000Z' },
        { group: 'Inspection', signers: [person('b1')], signatures: 1, deadline: '2025-03-20T00:00:00.000Z' },
      ],
    }),
    { type: 'submit', actor: actor('sub') },
    { type: 'sign', actor: actor('a1') },
    { type: 'reject', actor: actor('b1'), toLevel: 1, reason: 'The moisture reading is from last year' },
  );

describe('the notice of a certificate sent back', () => {
  it('says who sent it back, from where to where and why, while it waits for the submitter', () => {
    const s = start();
    expect(rejectionNotice(s, names)).toEqual({
      by: 'Name b1',
      at: T0,
      fromLevel: 2,
      toLevel: 1,
      reason: 'The moisture reading is from last year',
      changedSince: [],
      resubmitted: false,
    });
  });
  it('tells the level it was sent back to what changed, until that level signs', () => {
    const resubmitted = run(start(), {
      type: 'resubmit',
      actor: actor('sub'),
      changes: { approvalName: 'Barley lot 7 (new reading)', summary: 'Moisture re-measured' },
    });
    expect(rejectionNotice(resubmitted, names)).toMatchObject({ toLevel: 1, resubmitted: true, changedSince: ['name', 'summary'] });
    expect(rejectionNotice(run(resubmitted, { type: 'sign', actor: actor('a1') }), names)).toBeNull();
  });
  it('is gone once the level it was sent back to has signed again', () => {
    expect(rejectionNotice(run(start(), { type: 'resubmit', actor: actor('sub'), changes: {} }, { type: 'sign', actor: actor('a1') }), names)).toBeNull();
  });
  it('sent back to the submitter (level 0): shown until level 1 has signed again after the resubmit', () => {
    const back = run(start(), { type: 'resubmit', actor: actor('sub'), changes: {} }, { type: 'reject', actor: actor('a1'), toLevel: 0, reason: 'Wrong lot' });
    expect(rejectionNotice(back, names)).toMatchObject({ fromLevel: 1, toLevel: 0, reason: 'Wrong lot', resubmitted: false });
    const again = run(back, { type: 'resubmit', actor: actor('sub'), changes: { summary: 'right lot' } });
    expect(rejectionNotice(again, names)).toMatchObject({ toLevel: 0, resubmitted: true, changedSince: ['summary'] });
    expect(rejectionNotice(run(again, { type: 'sign', actor: actor('a1') }), names)).toBeNull();
  });
});
