/** The issued (sealed) PDF itself, for anyone who holds its hash or its number and code (the one link's PDF). */
import type { CertificateCommandDeps } from './command-deps';
import { certificateFileName } from '../support/file-names';
import { findIssued, issuedPdfKey, type IssuedRef } from '../support/find-issued';

export async function downloadIssuedPdf({ ref }: { ref: IssuedRef }, deps: CertificateCommandDeps): Promise<{ fileName: string; pdf: Buffer }> {
  const { state: s } = await findIssued(deps.stores, ref);
  return { fileName: certificateFileName(s, 'pdf'), pdf: await deps.storage.get(issuedPdfKey(s)) };
}
