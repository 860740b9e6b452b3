/**
 * An issued certificate named by a secret its holder has (issue 26 item 9): its content hash (the QR
 * link), or its number with the verification code printed on it (the first 48 bits of the hash) — never
 * by a number alone, nor by a number with the company id printed on every certificate, which let one
 * holder walk a company's every certificate. Only issued (done) certificates are found; this reads across
 * companies on purpose, so callers answer nothing beyond what the certificate shows.
 */
import { AppError, type CertificateState } from '@grain/domain';
import { sha256hex, type PublicCertificate, type Stores } from '@grain/persistence';
import type { FileStorage } from '@grain/adapters';

export type IssuedRef = { hash: string } | { number: string; hashPrefix: string };

export async function findIssued(stores: Stores, ref: IssuedRef): Promise<PublicCertificate> {
  const found = await stores.certificates.findPublic(ref);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/**
 * The key of an issued certificate's PDF. The certificate shows done as soon as its last signature is
 * recorded and its PDF follows: PDF_PENDING (409) meanwhile, NOT_FOUND before it is issued.
 */
export function issuedPdfKey(s: CertificateState): string {
  if (s.status !== 'done') throw new AppError('NOT_FOUND');
  if (!s.pdfKey) throw new AppError('PDF_PENDING');
  return s.pdfKey;
}

/** The recorded hash of the issued PDF; for one issued before hashes were recorded, hashed from storage. */
export async function issuedPdfHash(storage: FileStorage, { state: s, pdfSha256 }: PublicCertificate): Promise<string | null> {
  if (s.status !== 'done' || !s.pdfKey) return null;
  if (pdfSha256) return pdfSha256;
  const pdf = await storage.get(s.pdfKey).catch(() => null);
  return pdf ? sha256hex(pdf) : null;
}
