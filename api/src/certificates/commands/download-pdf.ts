/** The sealed PDF of an issued certificate of the caller's company (NOT_FOUND before it is issued, PDF_PENDING while its PDF is being made). */
import type { Caller, CertificateCommandDeps } from './command-deps';
import { loadCertificate } from '../support/load-certificate';
import { certificateFileName } from '../support/file-names';
import { issuedPdfKey } from '../support/find-issued';

export async function downloadPdf(o: { caller: Caller; certificateId: string }, deps: CertificateCommandDeps): Promise<{ fileName: string; pdf: Buffer }> {
  const s = await loadCertificate(deps.stores, o.caller, o.certificateId);
  return { fileName: certificateFileName(s, 'pdf'), pdf: await deps.storage.get(issuedPdfKey(s)) };
}
