/**
 * The evidence a certificate holds, opened through the certificate: the exact file version of a support
 * document and the exact grain photo it was signed over (named by their sha256 in the content hash),
 * whatever the document library or the farm record hold now. Anyone of the company who may see the
 * certificate may open them; another company's certificate answers NOT_FOUND.
 */
import { AppError } from '@grain/domain';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { loadCertificate } from '../support/load-certificate';

export interface HeldFile {
  storageKey: string;
  originalName: string;
  ext: string;
  mime: string;
  /** Unknown for a photo (its size was never recorded). */
  size?: number;
}

/** The file version of support document `documentId` the certificate holds. */
export async function openHeldDocument(
  o: { caller: Caller; certificateId: string; documentId: string },
  { stores }: CertificateCommandDeps,
): Promise<HeldFile> {
  const s = await loadCertificate(stores, o.caller, o.certificateId);
  const ref = s.supportDocs.find((d) => d.id === o.documentId);
  // a document held before versions were recorded names no bytes: nothing can prove which ones it was
  if (!ref || ref.version === undefined || !ref.sha256) throw new AppError('NOT_FOUND');
  const f = await stores.documents.fileVersion(s.companyId, ref.id, ref.version);
  if (!f || f.sha256 !== ref.sha256) throw new AppError('NOT_FOUND');
  return f;
}
