/** The grain photo a certificate holds (named by its sha256 in the content hash), opened through the certificate. */
import { AppError } from '@grain/domain';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { loadCertificate } from '../support/load-certificate';
import type { HeldFile } from './open-held-document';

/** The grain photo of the farm record the certificate holds. */
export async function openHeldPhoto(o: { caller: Caller; certificateId: string }, { stores }: CertificateCommandDeps): Promise<HeldFile> {
  const s = await loadCertificate(stores, o.caller, o.certificateId);
  const photo = s.approvalDoc?.photo;
  if (!s.approvalDoc || !photo) throw new AppError('NOT_FOUND');
  const p = await stores.imageVerifications.photo(s.companyId, s.approvalDoc.id, photo.sha256);
  if (!p) throw new AppError('NOT_FOUND');
  const ext = p.mime.split('/')[1] ?? 'bin';
  return { storageKey: p.storageKey, mime: p.mime, ext, originalName: `grain-photo-${photo.sha256.slice(0, 12)}.${ext}` };
}
