/**
 * Checks an uploaded PDF (by its sha256) against the issued one of the certificate named as for the
 * lookup; naming none, looks for the issued certificate whose recorded PDF hash it has. A match says
 * whether the certificate still stands (revoked: when, by whom, why).
 */
import type { PdfCheckAnswer } from '@grain/domain';
import type { PublicCertificate } from '@grain/persistence';
import type { CertificateCommandDeps } from './command-deps';
import { findIssued, issuedPdfHash, type IssuedRef } from '../support/find-issued';

const pdfAnswer = (sha256: string, match: boolean, found: PublicCertificate | null): PdfCheckAnswer => ({
  match,
  sha256,
  ...(found ? { approvalNumber: found.state.approvalNumber } : {}),
  ...(found && match ? { status: found.revocation ? 'revoked' : 'issued', revocation: found.revocation } : {}),
});

export async function matchPdf({ ref, sha256 }: { ref: IssuedRef | null; sha256: string }, deps: CertificateCommandDeps): Promise<PdfCheckAnswer> {
  if (!ref) {
    const found = await deps.stores.certificates.findPublic({ pdfSha256: sha256 });
    return pdfAnswer(sha256, !!found, found);
  }
  const found = await findIssued(deps.stores, ref);
  const issued = await issuedPdfHash(deps.storage, found);
  return pdfAnswer(sha256, !!issued && issued === sha256, found);
}
