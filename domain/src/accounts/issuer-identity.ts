/**
 * Who an issuing company is, bound to something outside this server (issue 26 item 6): its registration
 * in a public register — an Australian Business Number (checksum) or a Vietnamese enterprise (tax) code —
 * checked against its legal name by the platform's operator. The rules of the numbers themselves are the
 * company form's (validation.ts: taxNumberProblem, isAbn, isVnTaxCode); this module only reads them.
 */
import { compactTaxNumber, formatTaxNumber, taxNumberKind } from '../validation';

/** A registration in a public register: which one, its country (X.520 countryName) and the number as registered. */
export interface IssuerRegistration {
  scheme: 'ABN' | 'VN-ESC';
  country: 'AU' | 'VN';
  /** Digits only for an ABN (11); a Vietnamese code as 10 digits, or 10-3 for a branch. */
  value: string;
}

/** The registration a company's tax number states, or null when it is not a valid ABN or Vietnamese code. */
export function issuerRegistration(tfn: string | null | undefined): IssuerRegistration | null {
  const raw = (tfn ?? '').trim();
  const kind = raw ? taxNumberKind(raw) : null;
  if (!kind) return null;
  return kind === 'abn' ? { scheme: 'ABN', country: 'AU', value: compactTaxNumber(raw) } : { scheme: 'VN-ESC', country: 'VN', value: compactTaxNumber(raw) };
}

/** The registration as people write it: "ABN 51 824 753 556", "MSDN 0101234567" (mã số doanh nghiệp). */
export function registrationText(r: Pick<IssuerRegistration, 'scheme' | 'value'>): string {
  return `${r.scheme === 'ABN' ? 'ABN' : 'MSDN'} ${formatTaxNumber(r.value)}`;
}

/** The identity the operator verified, as kept on the company. */
export interface VerifiedIdentity {
  name: string | null;
  registration: string | null;
  verifiedAt: string | null;
  verifiedBy: string | null;
}

/**
 * Whether the company is verified now: the operator verified exactly its current name and registration
 * (a change to either lapses it until verified again).
 */
export function isIdentityVerified(company: { name: string; tfn: string | null }, identity: VerifiedIdentity): boolean {
  const reg = issuerRegistration(company.tfn);
  return !!identity.verifiedAt && !!reg && identity.registration === reg.value && identity.name === company.name;
}

/** The issuer as every public view states it. */
export interface IssuerIdentityView {
  name: string;
  /** The registration as people write it ("ABN 51 824 753 556"), or null when the company states none valid. */
  registration: string | null;
  registrationScheme: IssuerRegistration['scheme'] | null;
  country: IssuerRegistration['country'] | null;
  /** When the platform's operator verified this name and registration; null: an unverified issuer. */
  verifiedAt: string | null;
  /** SHA-256 fingerprint of the company CA certificate (hex pairs with colons, as openssl prints it). */
  caFingerprint: string | null;
  /** The DID the company publishes on its own domain (did:web), naming its CA key; null without a website. */
  did: string | null;
  /**
   * SHA-256 fingerprint (hex, lowercase, no colons) of the seal certificate the company seals with now: what
   * an admin revokes (POST company/identity/seal/{fingerprint}/revoke). Null when it has none (after a
   * revocation, until a new one is made); the public views of an issued certificate leave it out.
   */
  sealFingerprint?: string | null;
}

/** A seal certificate the company revoked, as its audit shows it (the CA's CRL lists it from `revokedAt`). */
export interface SealRevocationView {
  /** The certificate's serial number (hex, upper case, as openssl prints it). */
  serial: string;
  /** The issuing CA's SHA-256 fingerprint (hex): its CRL is /api/trust/crl/{company}/{caFingerprint}.crl. */
  caFingerprint: string;
  revokedAt: string;
  reason: string;
  /** The admin who revoked it (e-mail). */
  by: string | null;
}

/** did:web of a company's website (https only), e.g. https://riverina-grain.example → did:web:riverina-grain.example. */
export function didWebOf(website: string | null | undefined): string | null {
  if (!website) return null;
  let u: URL;
  try {
    u = new URL(website);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const host = u.port ? `${u.hostname}%3A${u.port}` : u.hostname;
  const path = u.pathname.replace(/\/+$/, '').split('/').filter(Boolean).map(encodeURIComponent);
  return ['did:web', host, ...path].join(':');
}

/** Where a did:web's document is published (https; path `/.well-known/did.json` for a bare domain). */
export function didWebDocumentUrl(did: string, opts: { insecureHttp?: boolean } = {}): string | null {
  const m = /^did:web:([^:]+)((?::[^:]+)*)$/.exec(did);
  if (!m) return null;
  const host = decodeURIComponent(m[1]);
  const path = m[2] ? m[2].split(':').filter(Boolean).map(decodeURIComponent).join('/') : '';
  return `${opts.insecureHttp ? 'http' : 'https'}://${host}/${path ? `${path}/did.json` : '.well-known/did.json'}`;
}

/** One act of the platform's operator on a company's identity, as the audit shows it. */
export interface IdentityEventView {
  action: 'verified' | 'revoked';
  name: string | null;
  registration: string | null;
  by: string;
  note: string | null;
  at: string;
}

/** GET company/identity: the company's issuer identity, what it publishes on its own domain, and the audit. */
export interface CompanyIdentityAnswer {
  identity: IssuerIdentityView;
  /** Where the company publishes its DID document (from its website), and the document to publish there. */
  didDocumentUrl: string | null;
  didDocument: object | null;
  events: IdentityEventView[];
  /** The seal certificates the company revoked, newest first (the audit of POST company/identity/seal/{fingerprint}/revoke). */
  sealRevocations: SealRevocationView[];
}

/** One company as the platform's operator sees it (GET platform/companies). */
export interface PlatformCompanyView {
  _id: string;
  name: string;
  /** The tax number as the company entered it. */
  tfn: string | null;
  /** The registration it states, when valid ("ABN 51 824 753 556"); null when the number is not a valid one. */
  registration: string | null;
  verifiedAt: string | null;
  verifiedBy: string | null;
  website: string | null;
  createdAt: string;
}
export interface PlatformCompaniesAnswer {
  companies: PlatformCompanyView[];
}
export interface PlatformCompanyAnswer {
  company: PlatformCompanyView;
  events: IdentityEventView[];
}
