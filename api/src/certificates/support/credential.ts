/**
 * The issued certificate as a verifiable credential: the Digital Conformity Credential signed at issue
 * (adapters/credential/issuing.ts) with the seal pinned to the certificate — the one that sealed its PDF —
 * issued as the company's did:web, its seal and CA certificates in `x5c`. It is read back as signed, never
 * signed again: a later seal (after a CA retirement) is not the one that sealed the PDF, and a retired
 * seal's key is gone.
 */
import { AppError, type CertificateState } from '@grain/domain';
import type { Stores } from '@grain/persistence';

/** The credential of an issued certificate as signed at issue; SEAL_NOT_READY until the issue activity has signed it. */
export async function signedCredential(deps: { stores: Pick<Stores, 'credentials'> }, s: CertificateState): Promise<string> {
  if (s.status !== 'done') throw new AppError('NOT_FOUND');
  const stored = await deps.stores.credentials.ofCertificate(s.id);
  if (!stored?.jwt) throw new AppError('SEAL_NOT_READY');
  return stored.jwt;
}
