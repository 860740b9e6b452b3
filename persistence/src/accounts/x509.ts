import { createHash, randomBytes, sign, X509Certificate, type KeyObject } from 'node:crypto';

/*
 * A minimal DER writer and X.509 v3 certificate builder. Node reads certificates (X509Certificate)
 * but cannot issue them; the few structures a CA needs are short enough to write here rather than
 * pull in an ASN.1 library. Only ECDSA P-256 with SHA-256 is supported, on purpose.
 */

function len(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, content: Buffer) => Buffer.concat([Buffer.from([tag]), len(content.length), content]);
const seq = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
const explicit = (n: number, inner: Buffer) => tlv(0xa0 + n, inner);
const bool = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0]));
const octets = (b: Buffer) => tlv(0x04, b);
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
const printable = (s: string) => tlv(0x13, Buffer.from(s, 'ascii'));
const ia5 = (s: string) => tlv(0x16, Buffer.from(s, 'ascii'));
const bits = (b: Buffer, unused = 0) => tlv(0x03, Buffer.concat([Buffer.from([unused]), b]));

/** The few DER writers a key wrapping needs too (key-wrap.ts). */
export const der = {
  seq: (...items: Buffer[]) => seq(...items),
  octets: (b: Buffer) => octets(b),
  oid: (dotted: string) => oid(dotted),
  int: (n: number) => {
    const hex = n.toString(16);
    return integer(Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex'));
  },
  nul: () => Buffer.from([0x05, 0x00]),
};

function integer(b: Buffer): Buffer {
  let i = 0;
  while (i < b.length - 1 && b[i] === 0) i++;
  const v = b.subarray(i);
  return tlv(0x02, v[0] & 0x80 ? Buffer.concat([Buffer.from([0]), v]) : v);
}

function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const out = [40 * parts[0] + parts[1]];
  for (const p of parts.slice(2)) {
    const chunk = [p & 0x7f];
    for (let v = p >>> 7; v > 0; v >>>= 7) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

/** UTCTime through 2049, GeneralizedTime from 2050 (RFC 5280 §4.1.2.5). */
function time(d: Date): Buffer {
  const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(iso.slice(2), 'ascii')) : tlv(0x18, Buffer.from(iso, 'ascii'));
}

const OID = {
  ecdsaSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  serialNumber: '2.5.4.5',
  country: '2.5.4.6',
  userId: '0.9.2342.19200300.100.1.1',
  emailAddress: '1.2.840.113549.1.9.1',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  subjectKeyId: '2.5.29.14',
  authorityKeyId: '2.5.29.35',
  subjectAltName: '2.5.29.17',
  extKeyUsage: '2.5.29.37',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  crlDistributionPoints: '2.5.29.31',
  crlNumber: '2.5.29.20',
  crlReason: '2.5.29.21',
};

export interface DistinguishedName {
  commonName: string;
  organization?: string;
  /**
   * X.520 serialNumber (2.5.4.5): the company's registration in a public register (ABN or Vietnamese
   * enterprise code) on the CA and seal of a verified company; the company id on CAs made before.
   */
  serialNumber?: string;
  /** X.520 countryName of that register (AU, VN). */
  country?: string;
  /** UID: the user id of a signer; the company id on a company's CA and seal. */
  userId?: string;
  email?: string;
}

function name(dn: DistinguishedName): Buffer {
  const rdn = (type: string, value: Buffer) => set(seq(oid(type), value));
  const parts = [rdn(OID.commonName, utf8(dn.commonName))];
  if (dn.organization) parts.push(rdn(OID.organization, utf8(dn.organization)));
  if (dn.serialNumber) parts.push(rdn(OID.serialNumber, printable(dn.serialNumber)));
  if (dn.country) parts.push(rdn(OID.country, printable(dn.country)));
  if (dn.userId) parts.push(rdn(OID.userId, utf8(dn.userId)));
  if (dn.email) parts.push(rdn(OID.emailAddress, ia5(dn.email)));
  return seq(...parts);
}

const extension = (type: string, critical: boolean, value: Buffer) => seq(oid(type), ...(critical ? [bool(true)] : []), octets(value));

const keyIdOf = (publicKey: KeyObject) =>
  createHash('sha1')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest();

export interface CertificateRequest {
  subject: DistinguishedName;
  subjectPublicKey: KeyObject;
  issuer: DistinguishedName;
  issuerPrivateKey: KeyObject;
  issuerPublicKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
  isCa: boolean;
  /** subjectAltName URIs (the issuer's did:web on a company seal: the x5c bound to the DID). */
  uris?: string[];
  /** Where the issuing CA publishes its CRL (cRLDistributionPoints). */
  crlUrl?: string;
  /** A time-stamping authority's certificate: extendedKeyUsage id-kp-timeStamping, critical (RFC 3161 §2.3). */
  timeStamping?: boolean;
}

/** Builds and signs an X.509 v3 certificate; answers PEM and its serial number (hex). */
export function issueCertificate(req: CertificateRequest): { pem: string; serial: string } {
  const serialBytes = randomBytes(16);
  serialBytes[0] = (serialBytes[0] & 0x7f) | 0x01; // positive and never zero-led
  const sigAlg = seq(oid(OID.ecdsaSha256));
  // keyUsage bits: CA keyCertSign(5) + cRLSign(6); signer digitalSignature(0) + nonRepudiation(1).
  const keyUsage = req.isCa ? bits(Buffer.from([0x06]), 1) : bits(Buffer.from([0xc0]), 6);
  const exts = [
    extension(OID.basicConstraints, true, req.isCa ? seq(bool(true)) : seq()),
    extension(OID.keyUsage, true, keyUsage),
    extension(OID.subjectKeyId, false, octets(keyIdOf(req.subjectPublicKey))),
    extension(OID.authorityKeyId, false, seq(tlv(0x80, keyIdOf(req.issuerPublicKey)))),
  ];
  const altNames = [
    ...(req.subject.email ? [tlv(0x81, Buffer.from(req.subject.email, 'ascii'))] : []),
    ...(req.uris ?? []).map((u) => tlv(0x86, Buffer.from(u, 'ascii'))),
  ];
  if (altNames.length) exts.push(extension(OID.subjectAltName, false, seq(...altNames)));
  // DistributionPoint { distributionPoint [0] { fullName [0] { uniformResourceIdentifier [6] } } }
  if (req.crlUrl) exts.push(extension(OID.crlDistributionPoints, false, seq(seq(tlv(0xa0, tlv(0xa0, tlv(0x86, Buffer.from(req.crlUrl, 'ascii'))))))));
  if (req.timeStamping) exts.push(extension(OID.extKeyUsage, true, seq(oid(OID.timeStamping))));
  const tbs = seq(
    explicit(0, integer(Buffer.from([2]))),
    integer(serialBytes),
    sigAlg,
    name(req.issuer),
    seq(time(req.notBefore), time(req.notAfter)),
    name(req.subject),
    req.subjectPublicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, seq(...exts)),
  );
  const signature = sign('sha256', tbs, req.issuerPrivateKey); // DER ECDSA-Sig-Value for EC keys
  const der = seq(tbs, sigAlg, bits(signature));
  const b64 = der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd();
  return { pem: `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`, serial: serialBytes.toString('hex').toUpperCase() };
}

/** Reads one DER TLV at `at`: its tag, where its content starts and ends. */
function readTlv(b: Buffer, at: number): { tag: number; start: number; end: number } {
  const tag = b[at];
  let n = b[at + 1];
  let start = at + 2;
  if (n & 0x80) {
    const count = n & 0x7f;
    n = 0;
    for (let i = 0; i < count; i++) n = n * 256 + b[at + 2 + i];
    start += count;
  }
  return { tag, start, end: start + n };
}

/** The subject Name of a DER certificate, byte for byte (a CRL's issuer must equal its CA's subject exactly). */
function subjectDerOf(certDer: Buffer): Buffer {
  const cert = readTlv(certDer, 0);
  const tbs = readTlv(certDer, cert.start);
  let at = tbs.start;
  const fields: Array<{ start: number; end: number; tlvStart: number; tag: number }> = [];
  while (at < tbs.end) {
    const f = readTlv(certDer, at);
    fields.push({ ...f, tlvStart: at });
    at = f.end;
  }
  // [0] version, serial, signature, issuer, validity, subject
  const subject = fields[fields[0].tag === 0xa0 ? 5 : 4];
  return certDer.subarray(subject.tlvStart, subject.end);
}

export interface CrlRequest {
  caCertificateDer: Buffer;
  caPrivateKey: KeyObject;
  caPublicKey: KeyObject;
  thisUpdate: Date;
  nextUpdate: Date;
  /** A number that grows with every CRL the CA issues (cRLNumber). */
  number: number;
  revoked: Array<{ serialHex: string; at: Date; /** RFC 5280 CRLReason code (1 keyCompromise, 4 superseded, 5 cessationOfOperation). */ reason?: number }>;
}

/** Builds and signs an X.509 v2 CRL (RFC 5280 §5) for a CA: answers its DER. */
export function issueCrl(req: CrlRequest): Buffer {
  const sigAlg = seq(oid(OID.ecdsaSha256));
  const entries = req.revoked.map((r) =>
    seq(
      integer(Buffer.from(r.serialHex.length % 2 ? `0${r.serialHex}` : r.serialHex, 'hex')),
      time(r.at),
      ...(r.reason !== undefined ? [seq(extension(OID.crlReason, false, tlv(0x0a, Buffer.from([r.reason]))))] : []),
    ),
  );
  const tbs = seq(
    integer(Buffer.from([1])),
    sigAlg,
    subjectDerOf(req.caCertificateDer),
    time(req.thisUpdate),
    time(req.nextUpdate),
    ...(entries.length ? [seq(...entries)] : []),
    explicit(0, seq(extension(OID.authorityKeyId, false, seq(tlv(0x80, keyIdOf(req.caPublicKey)))), extension(OID.crlNumber, false, der.int(req.number)))),
  );
  const signature = sign('sha256', tbs, req.caPrivateKey);
  return seq(tbs, sigAlg, bits(signature));
}

/** A certificate's SHA-256 fingerprint as hex, lower case, no colons (how a CRL's address names its CA). */
export const fingerprintHex = (pem: string) => createHash('sha256').update(new X509Certificate(pem).raw).digest('hex');
