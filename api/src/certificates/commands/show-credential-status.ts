/** The credential's status, which a verifier asks before trusting it: issued, or revoked by its company. */
import type { CredentialStatusAnswer } from '@grain/domain';
import type { CertificateCommandDeps } from './command-deps';
import { findIssued, type IssuedRef } from '../support/find-issued';

export async function showCredentialStatus({ ref }: { ref: IssuedRef }, { stores }: CertificateCommandDeps): Promise<CredentialStatusAnswer> {
  const { state: s, revocation } = await findIssued(stores, ref);
  return {
    status: revocation ? 'revoked' : 'issued',
    approvalNumber: s.approvalNumber,
    contentHash: s.contentHash,
    completedDate: s.completedDate,
    revocation,
  };
}
