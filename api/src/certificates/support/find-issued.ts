/**
 * An issued certificate named by what its issuer controls: its content hash (the QR link; the hash
 * covers the issuing company), or its number with the issuing company's id. Never by a number alone:
 * any company may issue the same number, and numbers are easy to guess. Only issued (done)
 * certificates are found; this reads across companies on purpose, so callers answer nothing beyond
 * what the certificate shows.
 */
import { AppError } from '@grain/domain';
import { sha256hex, type PublicCertificate, type Stores } from '@grain/persistence';
import type { FileStorage } from '@grain/adapters';

export type IssuedRef = { hash: string } | { number: string; companyId: string };

export async function findIssued(stores: Stores, ref: IssuedRef): Promise<PublicCertificate> {
  const found = await stores.certificates.findPublic(ref);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/** The recorded hash of the issued PDF; for one issued before hashes were recorded, hashed from storage. */
export async function issuedPdfHash(storage: FileStorage, { state: s, pdfSha256 }: PublicCertificate): Promise<string | null> {
  if (s.status !== 'done' || !s.pdfKey) return null;
  if (pdfSha256) return pdfSha256;
  const pdf = await storage.get(s.pdfKey).catch(() => null);
  return pdf ? sha256hex(pdf) : null;
}
