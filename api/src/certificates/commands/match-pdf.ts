/**
 * Checks an uploaded PDF (by its sha256) against the issued one of the certificate named as for the
 * lookup; naming none, looks for the issued certificate whose recorded PDF hash it has.
 */
import type { PdfCheckAnswer } from '@grain/domain';
import type { CertificateCommandDeps } from './command-deps';
import { findIssued, issuedPdfHash, type IssuedRef } from '../support/find-issued';

export async function matchPdf({ ref, sha256 }: { ref: IssuedRef | null; sha256: string }, deps: CertificateCommandDeps): Promise<PdfCheckAnswer> {
  if (!ref) {
    const approvalNumber = await deps.stores.certificates.numberOfIssuedPdf(sha256);
    return { match: !!approvalNumber, sha256, ...(approvalNumber ? { approvalNumber } : {}) };
  }
  const found = await findIssued(deps.stores, ref);
  const issued = await issuedPdfHash(deps.storage, found);
  return { match: !!issued && issued === sha256, sha256, approvalNumber: found.state.approvalNumber };
}
