/**
 * The issuer of an issued certificate as every public view states it, and the seal it was sealed with,
 * pinned: the certificate's frozen issuer names the fingerprints of its seal and CA certificates, which are
 * looked up among the company's stored ones (current or retired) — never taken from an uploaded file.
 */
import { X509Certificate } from 'node:crypto';
import type { IssuerIdentityView } from '@grain/domain';
import { liveIssuer, type PublicCertificate } from '@grain/persistence';
import type { CertificateCommandDeps } from '../commands/command-deps';

export interface PinnedSeal {
  caPem: string;
  sealPem: string;
}

const fingerprint = (pem: string) => new X509Certificate(pem).fingerprint256;

/** The company's stored seal and CA that sealed the certificate (by its frozen fingerprint; the current ones before fingerprints were kept). */
export async function pinnedSeal({ stores }: Pick<CertificateCommandDeps, 'stores'>, found: PublicCertificate): Promise<PinnedSeal | null> {
  const history = (await stores.signatures.companyCertificates(found.state.companyId)).filter((h): h is typeof h & { sealPem: string } => !!h.sealPem);
  const want = found.issuer?.sealFingerprint;
  const entry = want ? history.find((h) => fingerprint(h.sealPem) === want) : history.find((h) => h.current);
  return entry ? { caPem: entry.caPem, sealPem: entry.sealPem } : null;
}

/** Who issued the certificate, as at issue (as it stands now for one issued before issuers were frozen). */
export async function issuerView({ stores }: Pick<CertificateCommandDeps, 'stores'>, found: PublicCertificate): Promise<IssuerIdentityView> {
  const issuer = found.issuer ?? (await liveIssuer(stores, found.state.companyId));
  const pinned = await pinnedSeal({ stores }, found);
  return {
    name: issuer?.name ?? '',
    registration: issuer?.registration ?? null,
    registrationScheme: issuer?.registrationScheme ?? null,
    country: issuer?.registrationScheme === 'ABN' ? 'AU' : issuer?.registrationScheme === 'VN-ESC' ? 'VN' : null,
    verifiedAt: issuer?.verifiedAt ?? null,
    caFingerprint: pinned ? fingerprint(pinned.caPem) : (issuer?.caFingerprint ?? null),
    did: issuer?.did ?? null,
  };
}
