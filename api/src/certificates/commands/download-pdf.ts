/** The sealed PDF of an issued certificate of the caller's company (NOT_FOUND before it is issued). */
import { AppError } from '@grain/domain';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { loadCertificate } from '../support/load-certificate';
import { certificateFileName } from '../support/file-names';

export async function downloadPdf(o: { caller: Caller; certificateId: string }, deps: CertificateCommandDeps): Promise<{ fileName: string; pdf: Buffer }> {
  const s = await loadCertificate(deps.stores, o.caller, o.certificateId);
  if (s.status !== 'done' || !s.pdfKey) throw new AppError('NOT_FOUND');
  return { fileName: certificateFileName(s, 'pdf'), pdf: await deps.storage.get(s.pdfKey) };
}
