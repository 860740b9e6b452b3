import { createCertificate } from './build';
import { transition } from './machine';
import type { CertificateCommand, CertificateState, Signer } from './types';
import { toCertificateView } from './certificate-view';

const T = '2026-03-01T00:00:00.000Z';
const person = (id: string): Signer => ({ id, name: `Name ${id}`, email: `${id}@grain.test`, role: 'Inspector' });
const actor = (id: string) => ({ id, name: `Name ${id}`, isAdmin: id === 'sub' });

/** A command without its time (distributes over the union). */
type Cmd = CertificateCommand extends infer C ? (C extends CertificateCommand ? Omit<C, 'at'> : never) : never;

function run(s: CertificateState, ...cmds: Cmd[]): CertificateState {
  for (const c of cmds) s = transition(s, { at: T, ...c } as CertificateCommand).state;
  return s;
}

describe('certificate view: signatures and the content they were made over', () => {
  it('shows each signature with its content hash, and voided signatures as voided', () => {
    const start = createCertificate({
      id: '00000000-0000-4000-8000-000000000001',
      approvalNumber: 'N-1',
      approvalName: 'Barley lot 7',
      companyId: 'co1',
      submitter: { id: 'sub', name: 'Sam', email: 'sub@grain.test' },
      levels: [
        { group: 'One', signers: [person('a1')], signatures: 1, deadline: '2026-03-10T00:00:00.000Z' },
        { group: 'Two', signers: [person('b1')], signatures: 1, deadline: '2026-03-20T00:00:00.000Z' },
        { group: 'Three', signers: [person('c1')], signatures: 1, deadline: '2026-03-30T00:00:00.000Z' },
      ],
      escalateTo: [],
    });
    const signedOnce = run(start, { type: 'submit', actor: actor('sub') }, { type: 'sign', actor: actor('a1') });
    const firstHash = signedOnce.contentHash;
    const shown = toCertificateView(signedOnce);
    expect(shown.approvalLevels[0].signedEntries[0]).toMatchObject({ userId: 'a1', contentHash: firstHash });

    const changed = run(
      signedOnce,
      { type: 'sign', actor: actor('b1') },
      { type: 'reject', actor: actor('c1'), toLevel: 2, reason: 'wrong lot' },
      { type: 'resubmit', actor: actor('sub'), changes: { approvalName: 'Barley lot 8' } },
    );
    expect(changed.contentHash).not.toBe(firstHash);
    const view = toCertificateView(changed);
    const l1 = view.approvalLevels[0];
    expect(l1.signedEntries).toEqual([]);
    expect(l1.voided).toEqual([expect.objectContaining({ userId: 'a1', contentHash: firstHash, voidedFor: changed.contentHash })]);
    expect(view.audit.some((a) => a.action === 'signatureVoided' && a.actorId === 'a1')).toBe(true);
  });
});
