/** The issued (sealed) PDF itself, for anyone who holds its hash or its number and code (the one link's PDF). */
import { AppError } from '@grain/domain';
import type { CertificateCommandDeps } from './command-deps';
import { certificateFileName } from '../support/file-names';
import { findIssued, type IssuedRef } from '../support/find-issued';

export async function downloadIssuedPdf({ ref }: { ref: IssuedRef }, deps: CertificateCommandDeps): Promise<{ fileName: string; pdf: Buffer }> {
  const { state: s } = await findIssued(deps.stores, ref);
  if (s.status !== 'done' || !s.pdfKey) throw new AppError('NOT_FOUND');
  return { fileName: certificateFileName(s, 'pdf'), pdf: await deps.storage.get(s.pdfKey) };
}
