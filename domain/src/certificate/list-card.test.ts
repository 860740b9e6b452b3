import { createCertificate } from './build';
import { listCardOf } from './list-card';
import { transition } from './machine';
import type { CertificateCommand, CertificateState, Signer } from './types';

const at = '2025-03-01T00:00:00.000Z';
const person = (id: string): Signer => ({ id, name: `Name ${id}`, email: `${id}@grain.test`, role: 'Inspector' });
const apply = (s: CertificateState, c: Omit<CertificateCommand, 'at'>) => transition(s, { at, ...c } as CertificateCommand).state;

describe('the list card names who acts next', () => {
  const submitted = () =>
    apply(
      createCertificate({
        id: 'c1',
        approvalNumber: '1',
        approvalName: 'Lot',
        companyId: 'co',
        submitter: { id: 'sub', name: 'Sam Submitter', email: 's@x' },
        levels: [{ group: 'Farm', signers: [person('a1')], signatures: 1, deadline: '2025-03-10T00:00:00.000Z' }],
      }),
      { type: 'submit', actor: { id: 'sub', name: 'Sam Submitter' } },
    );
  it('the signers still to sign while it is being signed, with the level due date', () => {
    expect(listCardOf(submitted())).toMatchObject({ assignees: ['Name a1'], levelDue: '2025-03-10T00:00:00.000Z' });
  });
  it('the submitter once it is sent back (they update and resubmit)', () => {
    const back = apply(submitted(), { type: 'reject', actor: { id: 'a1', name: 'Name a1' }, toLevel: 0, reason: 'photo' } as Omit<CertificateCommand, 'at'>);
    expect(listCardOf(back).assignees).toEqual(['Sam Submitter']);
  });
});
