/**
 * What makes an issued certificate checkable with tools we did not write (issue 31): the issuer's DID, the
 * place of its credential in the issuer's W3C Bitstring Status List, the one link (resolver) its QR code
 * opens and what that link answers, and the certified facts every format states (PDF, credential, XML).
 * Pure: no I/O, so the domain's rules stay the one home for these names.
 */
import { didWebOf } from '../accounts/issuer-identity';
import type { IssuedCertificate } from './issued-certificate';
import { sha256Hex } from './sha256';

/** The UNTP version the credential conforms to (its Digital Conformity Credential JSON Schema and context). */
export const UNTP_VERSION = '0.6.1';
export const UNTP_DCC_CONTEXT = `https://test.uncefact.org/vocabulary/untp/dcc/${UNTP_VERSION}/`;
export const UNTP_DCC_SCHEMA_URL = `https://test.uncefact.org/vocabulary/untp/dcc/untp-dcc-schema-${UNTP_VERSION}.json`;

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/**
 * The DID a company issues as on the platform's domain: `did:web:<platform host>:companies:<id>`, whose
 * document this server publishes at `<public URL>/companies/<id>/did.json`.
 */
export function platformDidOf(publicUrl: string, companyId: string): string {
  return didWebOf(`${base(publicUrl)}/companies/${companyId}`) ?? `did:web:invalid:companies:${companyId}`;
}

/** The path of a company's DID document on the platform's domain (under the public URL). */
export const platformDidDocumentPath = (companyId: string) => `/companies/${encodeURIComponent(companyId)}/did.json`;

/**
 * The DID a certificate's credential is issued as: the company's own domain's (did:web of its website, as
 * frozen at issue) when it has one — it publishes the DID document we generate for it there — else the
 * platform's per-company DID.
 */
export function issuerDidOf(publicUrl: string, companyId: string, ownDid: string | null | undefined): string {
  return ownDid || platformDidOf(publicUrl, companyId);
}

/** The id of a seal key in a company's DID document: `#seal-` and the first 16 hex digits of its certificate's SHA-256. */
export const sealKeyFragment = (sealFingerprintHex: string) => `seal-${sealFingerprintHex.replace(/:/g, '').toLowerCase().slice(0, 16)}`;

/** How many entries a status list holds: the spec's minimum (16 KB of bits), so one list says nothing of how many a company issued. */
export const STATUS_LIST_LENGTH = 131_072;

/**
 * The key of a company's status list for one issuer DID (a list and the credentials it speaks for are
 * issued by the same DID): the first 16 hex digits of the DID's SHA-256.
 */
export const statusListKey = (issuerDid: string) => sha256Hex(issuerDid).slice(0, 16);

/** The address of a company's status list credential (W3C Bitstring Status List) for one issuer DID. */
export function statusListUrl(publicUrl: string, companyId: string, issuerDid: string): string {
  return `${base(publicUrl)}/api/trust/status/${encodeURIComponent(companyId)}/${statusListKey(issuerDid)}`;
}

/** The entry a credential carries: its index in its issuer's revocation list (BitstringStatusListEntry). */
export function statusListEntry(publicUrl: string, companyId: string, issuerDid: string, index: number) {
  const list = statusListUrl(publicUrl, companyId, issuerDid);
  return {
    id: `${list}#${index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: String(index),
    statusListCredential: list,
  };
}

/**
 * The bits of a status list (index 0 is the first, most significant, bit of the first byte, as the W3C
 * Bitstring Status List numbers them), with the given indexes set. Compressing and encoding it is the caller's.
 */
export function statusListBits(setIndexes: number[], length = STATUS_LIST_LENGTH): Uint8Array {
  const bytes = new Uint8Array(Math.ceil(length / 8));
  for (const i of setIndexes) {
    if (i < 0 || i >= length) continue;
    bytes[i >> 3] |= 0x80 >> (i & 7);
  }
  return bytes;
}

/** Whether bit `index` is set in a status list's bits (see statusListBits). */
export const statusBit = (bytes: Uint8Array, index: number) => (bytes[index >> 3] & (0x80 >> (index & 7))) !== 0;

/** The one link of a certificate (what its QR code opens): answers the page, the PDF, the credential and the status. */
export const certificateResolverPath = (contentHash: string) => `/c/${contentHash}`;

/** The media types the resolver answers with, by what each link is. */
export const RESOLVER_MEDIA_TYPES = {
  page: 'text/html',
  pdf: 'application/pdf',
  credential: 'application/vc+jwt',
  status: 'application/vc+jwt',
  xml: 'application/xml',
  linkset: 'application/linkset+json',
} as const;

/** One link of the resolver's RFC 9264 link set: its target and what it is. */
export interface ResolverLink {
  href: string;
  type: string;
  title: string;
  /** The link relation (RFC 8288 / GS1 Digital Link's vocabulary where one fits). */
  rel: string;
}

/**
 * What a certificate's one link leads to: the human page, the PDF, the credential, the SPS e-Cert XML and
 * the status list, each by its own address too (so any client can follow them without negotiating).
 */
export function resolverLinks(publicUrl: string, contentHash: string, status: { companyId: string; issuerDid: string; index: number } | null): ResolverLink[] {
  const b = base(publicUrl);
  const q = `hash=${contentHash}`;
  return [
    { rel: 'https://gs1.org/voc/pip', href: `${b}/views/verify?${q}`, type: RESOLVER_MEDIA_TYPES.page, title: 'Certificate page (verify)' },
    {
      rel: 'https://gs1.org/voc/certificationInfo',
      href: `${b}/api/public/verify/pdf-file?${q}`,
      type: RESOLVER_MEDIA_TYPES.pdf,
      title: 'Certificate PDF (PAdES sealed)',
    },
    {
      rel: 'https://gs1.org/voc/verificationService',
      href: `${b}/api/public/verify/credential?${q}`,
      type: RESOLVER_MEDIA_TYPES.credential,
      title: 'Verifiable credential (UNTP DCC)',
    },
    {
      rel: 'https://gs1.org/voc/certificationInfo',
      href: `${b}/api/public/verify/xml?${q}`,
      type: RESOLVER_MEDIA_TYPES.xml,
      title: 'Electronic certificate (UN/CEFACT SPS e-Cert XML)',
    },
    ...(status
      ? [
          {
            rel: 'https://www.w3.org/ns/credentials/status#statusList',
            href: statusListUrl(publicUrl, status.companyId, status.issuerDid),
            type: RESOLVER_MEDIA_TYPES.status,
            title: 'Revocation status list',
          },
        ]
      : []),
  ];
}

/** The RFC 9264 link set document (application/linkset+json) of a certificate's link. */
export function resolverLinkset(anchor: string, links: ResolverLink[]) {
  const byRel: Record<string, Array<{ href: string; type: string; title: string }>> = {};
  for (const l of links) (byRel[l.rel] ??= []).push({ href: l.href, type: l.type, title: l.title });
  return { linkset: [{ anchor, ...byRel }] };
}

/** Picks what the resolver answers for an Accept header (q-values honoured; HTML when nothing better fits). */
export function resolverChoice(accept: string | undefined): keyof typeof RESOLVER_MEDIA_TYPES {
  const wanted = (accept ?? '')
    .split(',')
    .map((p, i) => {
      const [type, ...params] = p.trim().toLowerCase().split(';');
      const q = params.map((x) => x.trim()).find((x) => x.startsWith('q='));
      return { type: type.trim(), q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((w) => w.type && w.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const w of wanted) {
    if (w.type === 'application/linkset+json') return 'linkset';
    if (w.type === 'application/pdf') return 'pdf';
    if (w.type === 'application/vc+jwt' || w.type === 'application/vc' || w.type === 'application/jwt') return 'credential';
    if (w.type === 'application/xml' || w.type === 'text/xml') return 'xml';
    if (w.type === 'text/html' || w.type === 'application/xhtml+xml' || w.type === '*/*' || w.type === 'text/*') return 'page';
  }
  return 'page';
}

/** A certified fact: the same value stated by the PDF, the credential and the SPS XML (the field-parity test reads all three). */
export interface CertifiedFact {
  key:
    | 'number'
    | 'issuer'
    | 'registration'
    | 'issued'
    | 'validTo'
    | 'grainType'
    | 'grade'
    | 'quantity'
    | 'storageLocation'
    | 'productionDate'
    | 'protein'
    | 'moisture'
    | 'contentHash';
  value: string;
}

/** Every fact the certificate certifies, as text, in one order (what each format must state alike). */
export function certifiedFacts(c: IssuedCertificate): CertifiedFact[] {
  const facts: Array<[CertifiedFact['key'], string | number | null]> = [
    ['number', c.number],
    ['issuer', c.issuer.name],
    ['registration', c.issuer.registration],
    ['issued', c.issued],
    ['validTo', c.validTo],
    ['grainType', c.grain.grainType],
    ['grade', c.grain.grade],
    ['quantity', c.grain.quantity],
    ['storageLocation', c.grain.storageLocation],
    ['productionDate', c.grain.productionDate],
    ['protein', c.grain.protein],
    ['moisture', c.grain.moisture],
    ['contentHash', c.contentHash],
  ];
  return facts.filter((f): f is [CertifiedFact['key'], string | number] => f[1] !== null && f[1] !== '').map(([key, v]) => ({ key, value: String(v) }));
}
