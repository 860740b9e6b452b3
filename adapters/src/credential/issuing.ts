/**
 * The credential of an issued certificate and its issuer's status lists (issue 31 items 1 and 2), in one
 * home for the activity that issues and the command that revokes: a credential is signed once, at issue,
 * with the seal that sealed the PDF (so it stays checkable after that seal's key is gone), issued as the
 * company's did:web, with its place in that DID's W3C Bitstring Status List; a list is signed again, by the
 * same DID, whenever a bit of it changes (a revocation), so a revocation shows at once. An issue changes no
 * bit (a new credential's is 0 in the list as it stands): its list is signed only when its DID has none yet,
 * or when a seal other than the company's current one signed it (issue 29: it was signed per certificate).
 */
import {
  certificateResolverPath,
  conformityCredential,
  issuedCertificate,
  issuerDidOf,
  platformDidOf,
  statusListKey,
  statusListUrl,
  type CertificateState,
  type IssuerFacts,
} from '@grain/domain';
import type { SealOptions, Stores } from '@grain/persistence';
import { decodeProtectedHeader } from 'jose';
import { sealKeyId, signVcJwt, statusListCredential, type CredentialSigner } from './vc-jwt';

export interface IssuingDeps {
  stores: Pick<Stores, 'credentials'>;
  config: { publicUrl: string; statusListMaxAgeSeconds: number };
}

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** Where a company CA publishes its CRL (the seal certificates' cRLDistributionPoints). */
export const caCrlUrl = (publicUrl: string, companyId: string, caFingerprintHex: string) =>
  `${base(publicUrl)}/api/trust/crl/${encodeURIComponent(companyId)}/${caFingerprintHex}.crl`;

/** What a company's new seal certificate names: its DIDs (subjectAltName) and its CA's CRL. */
export function sealOptionsFor(publicUrl: string, companyId: string, ownDid: string | null | undefined): SealOptions {
  return {
    uris: [...new Set([platformDidOf(publicUrl, companyId), ...(ownDid ? [ownDid] : [])])],
    crlUrl: (fp) => caCrlUrl(publicUrl, companyId, fp),
  };
}

/** Signs a company's status list for one issuer DID as it stands now, and keeps it (what the list's address serves). */
export async function publishStatusList(deps: IssuingDeps, companyId: string, issuerDid: string, signer: CredentialSigner): Promise<void> {
  const madeAt = new Date();
  const url = statusListUrl(deps.config.publicUrl, companyId, issuerDid);
  const revoked = await deps.stores.credentials.revokedIndexes(companyId, issuerDid);
  const jwt = await signVcJwt(statusListCredential(url, issuerDid, revoked, madeAt, deps.config.statusListMaxAgeSeconds), signer, madeAt);
  await deps.stores.credentials.saveStatusList(companyId, statusListKey(issuerDid), issuerDid, jwt, madeAt);
}

/** The issuer DID's status list as a new credential needs it: kept when `signer` signed it, else signed now. */
async function ensureStatusList(deps: IssuingDeps, companyId: string, issuerDid: string, signer: CredentialSigner): Promise<void> {
  const kept = await deps.stores.credentials.statusList(companyId, statusListKey(issuerDid));
  if (kept && decodeProtectedHeader(kept.jwt).kid === sealKeyId(issuerDid, signer.certificatePem)) return;
  await publishStatusList(deps, companyId, issuerDid, signer);
}

/** Every status list of the company signed again (after a revocation). */
export async function publishStatusLists(deps: IssuingDeps, companyId: string, signer: CredentialSigner): Promise<void> {
  for (const did of await deps.stores.credentials.issuerDids(companyId)) await publishStatusList(deps, companyId, did, signer);
}

/**
 * The issued certificate's credential: signed with `seal` the first time (its status list published when
 * it needs to be, ensureStatusList), the kept one afterwards. `pdfSha256` is the issued PDF's (its conformityCertificate link).
 */
export async function issueCredential(deps: IssuingDeps, s: CertificateState, facts: IssuerFacts, seal: CredentialSigner, pdfSha256: string): Promise<string> {
  const b = base(deps.config.publicUrl);
  const stored = await deps.stores.credentials.allot(s.id, s.companyId, issuerDidOf(b, s.companyId, facts.issuer?.did));
  if (stored.jwt) return stored.jwt;
  const credential = conformityCredential(issuedCertificate(s, facts), {
    certificateId: s.id,
    publicUrl: b,
    resolverUrl: `${b}${certificateResolverPath(s.contentHash)}`,
    issuerDid: stored.issuerDid,
    companyId: s.companyId,
    statusIndex: stored.statusIndex,
    pdf: { url: `${b}/api/public/verify/pdf-file?hash=${s.contentHash}`, sha256: pdfSha256 },
  });
  const jwt = await signVcJwt(credential, seal, new Date(s.completedDate ?? Date.now()));
  await deps.stores.credentials.saveJwt(s.id, jwt);
  await ensureStatusList(deps, s.companyId, stored.issuerDid, seal);
  return jwt;
}
