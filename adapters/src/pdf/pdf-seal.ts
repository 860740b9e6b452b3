/**
 * The seal of an issued certificate: a PAdES baseline signature (CMS, SubFilter ETSI.CAdES.detached)
 * by the issuing company's seal key over the whole PDF, so any change to the file breaks it and any
 * PDF reader (poppler's pdfsig, Acrobat) can check it without our server. With a time-stamping authority
 * it is B-T (an RFC 3161 signature timestamp in the CMS); `addValidationData` then makes it B-LT: the CA
 * chain, the TSA's certificate and the CA's CRL in the document's DSS, an incremental update after the
 * signed revision, so the seal can be checked after the seal certificate expires or is revoked. The
 * placeholder is added by @signpdf, the CMS built by pkijs over Node's WebCrypto (ECDSA P-256, SHA-256):
 * no hand-rolled cryptography.
 */
import { createHash, verify as verifySignature, webcrypto, X509Certificate, type KeyObject } from 'node:crypto';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from 'pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { TimestampAuthority } from './timestamp';

/** Who seals: the company's seal key and certificate, and the chain up to the company CA. */
export interface SealIdentity {
  privateKey: KeyObject;
  certificatePem: string;
  /** The issuing CA's certificate(s), carried in the signature so a reader can build the chain. */
  chainPems: string[];
  /** Shown by readers as the signer's name, reason and place. */
  name: string;
  reason: string;
  location?: string;
  contactInfo?: string;
  /** Dates the seal (PAdES B-T): the token goes into the CMS as its signature timestamp. */
  tsa?: TimestampAuthority;
  /**
   * The CA's CRL(s) as they stand at sealing, signed into the CMS as well (ISO 32000-1 §12.8.3.3.2
   * adbe-revocationInfoArchival) for validators that read revocation data there and not in the DSS
   * (pdfsign, older Acrobat); the DSS carries them too.
   */
  crls?: Buffer[];
}

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha256: '2.16.840.1.101.3.4.2.1',
  adbeRevocationInfoArchival: '1.2.840.113583.1.1.8',
};

/** RevocationInfoArchival ::= SEQUENCE { crl [0] EXPLICIT SEQUENCE OF CRLs OPTIONAL, ... } (ISO 32000-1 §12.8.3.3.2). */
const revocationInfoArchival = (crls: Buffer[]) =>
  new asn1js.Sequence({
    value: [
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 0 },
        value: [new asn1js.Sequence({ value: crls.map((c) => asn1js.fromBER(ab(c)).result) })],
      }),
    ],
  });

let engineSet = false;
function engine(): void {
  if (engineSet) return;
  pkijs.setEngine(
    'node',
    new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'] }),
  );
  engineSet = true;
}

const derOf = (pem: string) => Buffer.from(pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ''), 'base64');
const ab = (b: Buffer): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/** The CMS SignedData (detached) over the bytes @signpdf hands it: the PDF outside the signature's own place. */
class CadesSigner extends Signer {
  constructor(private readonly id: SealIdentity) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    engine();
    const certDer = derOf(this.id.certificatePem);
    const cert = pkijs.Certificate.fromBER(certDer);
    const chain = this.id.chainPems.map((p) => pkijs.Certificate.fromBER(derOf(p)));
    const digest = createHash('sha256').update(content).digest();
    // ESS signing-certificate-v2 (RFC 5035), hash SHA-256 (the default, so left out): binds the signer's certificate
    const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: ab(createHash('sha256').update(certDer).digest()) })] });
    const signingCertificateV2 = new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
    const signedData = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
              new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: ab(digest) })] }),
              new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2] }),
              ...(this.id.crls?.length ? [new pkijs.Attribute({ type: OID.adbeRevocationInfoArchival, values: [revocationInfoArchival(this.id.crls)] })] : []),
            ],
          }),
        }),
      ],
      certificates: [cert, ...chain],
    });
    const key = await webcrypto.subtle.importKey(
      'pkcs8',
      this.id.privateKey.export({ type: 'pkcs8', format: 'der' }),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    );
    // PKI.js types its keys as the DOM's CryptoKey, whose usages list is older than Node 24's.
    await signedData.sign(key as Parameters<pkijs.SignedData['sign']>[0], 0, 'SHA-256');
    if (this.id.tsa) {
      // B-T: the TSA dates the signature value itself (ETSI EN 319 122-1 signature-time-stamp)
      const signatureValue = Buffer.from(signedData.signerInfos[0].signature.valueBlock.valueHexView);
      const token = await this.id.tsa.timestamp(createHash('sha256').update(signatureValue).digest());
      signedData.signerInfos[0].unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
        type: 1,
        attributes: [new pkijs.Attribute({ type: OID.signatureTimeStampToken, values: [asn1js.fromBER(ab(token)).result] })],
      });
    }
    const cms = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
    return Buffer.from(cms.toSchema().toBER(false));
  }
}

/** Room kept in the PDF for the CMS, in hex digits: two certificates, the CRL, the timestamp token and an ECDSA signature fit well within. */
const SIGNATURE_BYTES = 16384;

/**
 * Seals `pdf`: answers the signed PDF (the same document plus its signature); with `validation`, B-LT at
 * once: the validation material appended after the signed revision (addValidationData's update), from
 * the document as it was just written, so the sealed file is not parsed a second time.
 */
export async function sealPdf(pdf: Buffer, id: SealIdentity, validation?: ValidationData): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: id.reason,
    contactInfo: id.contactInfo ?? '',
    name: id.name,
    location: id.location ?? '',
    signatureLength: SIGNATURE_BYTES,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signed = await new SignPdf().sign(prepared, new CadesSigner(id));
  return validation ? appendValidationData(signed, doc, validation) : signed;
}

/** What a PDF's seal says: whether it holds, whether it covers the whole file, and by whom. */
export interface PdfSealCheck {
  signed: boolean;
  valid: boolean;
  wholeDocument: boolean;
  /** The signer's certificate and the others the signature carries (PEM). */
  signerPem?: string;
  chainPems: string[];
  /** Why a signed file's seal does not hold (for logs and tests; not shown to users). */
  problem?: string;
  /**
   * The seal's RFC 3161 signature timestamp, when it carries one that holds: the token's imprint is the
   * SHA-256 of this signature's value and the token's own signature verifies with the certificate it
   * carries (whether that TSA is trusted is the caller's question, as for the seal).
   */
  timestamp?: { at: string; tsaCertificatePem: string };
}

/** The signature timestamp of a seal's signer (see PdfSealCheck.timestamp), or undefined when it has none that holds. */
async function sealTimestamp(signer: pkijs.SignerInfo): Promise<PdfSealCheck['timestamp']> {
  const attr = (signer.unsignedAttrs?.attributes ?? []).find((a) => a.type === OID.signatureTimeStampToken);
  if (!attr || attr.values.length !== 1) return undefined;
  try {
    const token = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: attr.values[0] }).content });
    const content = token.encapContentInfo.eContent;
    if (token.encapContentInfo.eContentType !== OID.tstInfo || !content) return undefined;
    const info = new pkijs.TSTInfo({ schema: asn1js.fromBER(content.getValue()).result });
    const value = Buffer.from(signer.signature.valueBlock.valueHexView);
    const imprint = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView);
    if (info.messageImprint.hashAlgorithm.algorithmId !== OID.sha256 || !imprint.equals(createHash('sha256').update(value).digest())) return undefined;
    // the token's own CMS signature (PKI.js's SignedData.verify cannot read a TSTInfo it re-chunked itself):
    // its messageDigest is the TSTInfo's digest, and its signed attributes verify with the TSA certificate's key
    const tokenSigner = token.signerInfos.length === 1 ? token.signerInfos[0] : undefined;
    const sid = tokenSigner?.sid;
    const tsa = (token.certificates ?? []).find(
      (c): c is pkijs.Certificate =>
        c instanceof pkijs.Certificate &&
        sid instanceof pkijs.IssuerAndSerialNumber &&
        c.serialNumber.isEqual(sid.serialNumber) &&
        c.issuer.isEqual(sid.issuer),
    );
    if (!tokenSigner?.signedAttrs || !tsa || DIGESTS[tokenSigner.digestAlgorithm.algorithmId] !== 'sha256') return undefined;
    const digest = bytesOf(attribute(tokenSigner, OID.messageDigest));
    if (!digest?.equals(createHash('sha256').update(Buffer.from(content.getValue())).digest())) return undefined;
    const signedAttrs = Buffer.from(tokenSigner.signedAttrs.encodedValue);
    signedAttrs[0] = 0x31; // signed as a SET OF, stored as [0] IMPLICIT
    const tsaPem = pemOf(tsa.toSchema().toBER(false));
    const ok = verifySignature(
      'sha256',
      signedAttrs,
      { key: new X509Certificate(tsaPem).publicKey, dsaEncoding: 'der' },
      Buffer.from(tokenSigner.signature.valueBlock.valueHexView),
    );
    return ok ? { at: info.genTime.toISOString(), tsaCertificatePem: tsaPem } : undefined;
  } catch {
    return undefined;
  }
}

const pemOf = (der: ArrayBuffer) =>
  `-----BEGIN CERTIFICATE-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n-----END CERTIFICATE-----\n`;

const DIGESTS: Record<string, string> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** The one value of a signed attribute, or undefined when the attribute is missing or not single-valued. */
function attribute(signer: pkijs.SignerInfo, type: string): asn1js.AsnType | undefined {
  const found = (signer.signedAttrs?.attributes ?? []).filter((a) => a.type === type);
  return found.length === 1 && found[0].values.length === 1 ? found[0].values[0] : undefined;
}

const bytesOf = (v: asn1js.AsnType | undefined) => (v instanceof asn1js.OctetString ? Buffer.from(v.valueBlock.valueHexView) : undefined);

/**
 * The ESS signing-certificate-v2 (RFC 5035) of a signer: the hash of its first ESSCertIDv2, with its hash
 * algorithm (SHA-256 when left out).
 */
function signingCertificateHash(signer: pkijs.SignerInfo): { algorithm: string; hash: Buffer } | undefined {
  const v = attribute(signer, OID.signingCertificateV2);
  const certs = v instanceof asn1js.Sequence ? v.valueBlock.value[0] : undefined;
  const first = certs instanceof asn1js.Sequence ? certs.valueBlock.value[0] : undefined;
  if (!(first instanceof asn1js.Sequence)) return undefined;
  const [a, b] = first.valueBlock.value;
  if (a instanceof asn1js.OctetString) return { algorithm: 'sha256', hash: Buffer.from(a.valueBlock.valueHexView) };
  const algOid = a instanceof asn1js.Sequence ? a.valueBlock.value[0] : undefined;
  const algorithm = algOid instanceof asn1js.ObjectIdentifier ? DIGESTS[algOid.valueBlock.toString()] : undefined;
  return algorithm && b instanceof asn1js.OctetString ? { algorithm, hash: Buffer.from(b.valueBlock.valueHexView) } : undefined;
}

/**
 * The ByteRanges of every signature dictionary in the file, read by parsing it (so one kept in an object
 * stream counts too); null when the file does not parse.
 */
async function signatureByteRanges(pdf: Buffer): Promise<number[][] | null> {
  try {
    const doc = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    const ranges: number[][] = [];
    for (const [, obj] of doc.context.enumerateIndirectObjects()) {
      if (!(obj instanceof PDFDict)) continue;
      const range = obj.lookup(PDFName.of('ByteRange'));
      if (range instanceof PDFArray) ranges.push(range.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : NaN)));
      else if (range !== undefined || obj.get(PDFName.of('Type')) === PDFName.of('Sig')) ranges.push([]);
    }
    return ranges;
  } catch {
    return null;
  }
}

/**
 * Checks a PDF's seal from its bytes, the way a careful PDF reader does, and more strictly than PKI.js's
 * `SignedData.verify` alone (which uses a CMS's attached content instead of the document when there is
 * one, so a genuine seal's CMS with its signed bytes attached holds "over" any other PDF):
 *   - exactly one signature dictionary in the file (the file parsed), its ByteRange starting at 0 and leaving one gap;
 *   - the gap is exactly the /Contents placeholder: `<`, hex digits, `>`, and after the CMS's DER only zeros;
 *   - the CMS is SignedData, detached (no eContent), of type id-data, with one signer whose certificate it carries;
 *   - the ByteRange's bytes, digested here, equal the signed messageDigest;
 *   - signing-certificate-v2 names the signer's certificate;
 *   - the signature over the signed attributes verifies with the signer's key.
 * Trust in the signer's certificate is the caller's question.
 */
export async function checkPdfSeal(pdf: Buffer): Promise<PdfSealCheck> {
  const none: PdfSealCheck = { signed: false, valid: false, wholeDocument: false, chainPems: [] };
  const text = pdf.toString('latin1');
  const dictionaries = text.match(/\/ByteRange\b/g)?.length ?? 0;
  if (dictionaries === 0) return none;
  const refused = (problem: string, found: Partial<PdfSealCheck> = {}): PdfSealCheck => ({ ...none, signed: true, ...found, valid: false, problem });
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text.slice(text.lastIndexOf('/ByteRange')));
  if (!range) return refused('unreadable ByteRange');
  const [a, b, c, d] = range.slice(1).map(Number);
  if (a !== 0 || b < 1 || c <= b + 2 || c + d > pdf.length) return refused('ByteRange does not leave one gap inside the file');
  // the seal covers the whole file, or all of it but validation material appended after it (PAdES B-LT's DSS)
  const wholeDocument = c + d === pdf.length || (c + d < pdf.length && (await onlyValidationDataAfter(pdf, c + d)));
  // The gap is the /Contents string and nothing else: no byte in it is covered by any digest.
  const gap = text.slice(b, c);
  if (!/^<[0-9a-fA-F]*>$/.test(gap) || gap.length % 2 !== 0) return refused('the signature gap is not exactly the /Contents placeholder', { wholeDocument });
  engine();
  try {
    const der = Buffer.from(gap.slice(1, -1), 'hex');
    const cms = asn1js.fromBER(ab(der));
    if (cms.offset < 0) return refused('unreadable CMS', { wholeDocument });
    if (der.subarray(cms.offset).some((x) => x !== 0)) return refused('bytes after the CMS in the signature gap', { wholeDocument });
    const info = new pkijs.ContentInfo({ schema: cms.result });
    if (info.contentType !== OID.signedData) return refused('not a CMS SignedData', { wholeDocument });
    const signedData = new pkijs.SignedData({ schema: info.content });
    const certs = (signedData.certificates ?? []).filter((x): x is pkijs.Certificate => x instanceof pkijs.Certificate);
    const signerInfo = signedData.signerInfos.length === 1 ? signedData.signerInfos[0] : undefined;
    const sid = signerInfo?.sid;
    const signer =
      sid instanceof pkijs.IssuerAndSerialNumber ? certs.find((x) => x.serialNumber.isEqual(sid.serialNumber) && x.issuer.isEqual(sid.issuer)) : undefined;
    const found: Partial<PdfSealCheck> = {
      wholeDocument,
      signerPem: signer ? pemOf(signer.toSchema().toBER(false)) : undefined,
      chainPems: certs.filter((x) => x !== signer).map((x) => pemOf(x.toSchema().toBER(false))),
    };
    const parsed = await signatureByteRanges(pdf);
    if (!parsed) return refused('the PDF does not parse', found);
    if (dictionaries !== 1 || parsed.length !== 1) return refused(`${Math.max(dictionaries, parsed.length)} signature dictionaries`, found);
    if (parsed[0].join(' ') !== [a, b, c, d].join(' ')) return refused('the signature dictionary states another ByteRange', found);
    if (!signerInfo || !signer) return refused('not one signer whose certificate the CMS carries', found);
    if (signedData.encapContentInfo.eContent) return refused('the CMS carries its own content (not detached)', found);
    if (signedData.encapContentInfo.eContentType !== OID.data) return refused('the CMS content type is not id-data', found);
    const contentType = attribute(signerInfo, OID.contentType);
    if (!(contentType instanceof asn1js.ObjectIdentifier) || contentType.valueBlock.toString() !== OID.data)
      return refused('signed content-type is not id-data', found);
    const algorithm = DIGESTS[signerInfo.digestAlgorithm.algorithmId];
    if (!algorithm) return refused('unsupported digest algorithm', found);
    const signedDigest = bytesOf(attribute(signerInfo, OID.messageDigest));
    const digest = createHash(algorithm)
      .update(pdf.subarray(a, a + b))
      .update(pdf.subarray(c, c + d))
      .digest();
    if (!signedDigest || !signedDigest.equals(digest)) return refused('the document digest does not match the signed messageDigest', found);
    const signerDer = Buffer.from(signer.toSchema().toBER(false));
    const essHash = signingCertificateHash(signerInfo);
    if (!essHash || !essHash.hash.equals(createHash(essHash.algorithm).update(signerDer).digest()))
      return refused('signing-certificate-v2 does not name the signer', found);
    const data = ab(Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]));
    const verified = await signedData.verify({ signer: 0, data, checkChain: false }).catch(() => false);
    if (verified !== true) return refused("the signature does not verify with the signer's key", found);
    const timestamp = await sealTimestamp(signerInfo);
    return { ...none, ...found, signed: true, valid: true, wholeDocument, ...(timestamp ? { timestamp } : {}) };
  } catch {
    return refused('unreadable signature');
  }
}

/** The validation material a B-LT seal carries: every certificate needed to check it, and the CA's CRL. */
export interface ValidationData {
  certificatePems: string[];
  crls: Buffer[];
}

/**
 * PAdES B-LT: appends the validation material as the document's DSS (ETSI EN 319 142-1 §5.4) in an
 * incremental update — new stream objects for each certificate and CRL, the DSS dictionary, and the
 * catalog again with /DSS added — leaving every byte of the sealed revision as it was.
 */
export async function addValidationData(pdf: Buffer, data: ValidationData): Promise<Buffer> {
  return appendValidationData(pdf, await PDFDocument.load(pdf, { updateMetadata: false }), data);
}

/**
 * addValidationData's update after `pdf`, whose last revision is `doc` (its catalog, trailer and object
 * numbers): the document parsed from `pdf`, or the one sealPdf wrote it from.
 */
function appendValidationData(pdf: Buffer, doc: PDFDocument, data: ValidationData): Buffer {
  const rootRef = doc.context.trailerInfo.Root as PDFRef;
  const prev = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(pdf.toString('latin1').slice(-64));
  if (!prev) throw new Error('the sealed PDF has no final startxref');
  let next = doc.context.largestObjectNumber + 1;
  const parts: Buffer[] = [Buffer.from(pdf.subarray(pdf.length - 1)[0] === 0x0a ? '' : '\n', 'latin1')];
  let offset = pdf.length + parts[0].length;
  const offsets: Array<[number, number]> = [];
  const object = (num: number, body: Buffer) => {
    const bytes = Buffer.concat([Buffer.from(`${num} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    offsets.push([num, offset]);
    parts.push(bytes);
    offset += bytes.length;
  };
  const stream = (content: Buffer) => {
    const num = next++;
    object(num, Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'), content, Buffer.from('\nendstream', 'latin1')]));
    return num;
  };
  const certs = data.certificatePems.map((p) => stream(derOf(p)));
  const crls = data.crls.map((c) => stream(c));
  const dss = next++;
  object(dss, Buffer.from(`<< /Type /DSS /Certs [${certs.map((n) => `${n} 0 R`).join(' ')}] /CRLs [${crls.map((n) => `${n} 0 R`).join(' ')}] >>`, 'latin1'));
  const catalog = doc.catalog.clone(doc.context);
  catalog.set(PDFName.of('DSS'), PDFRef.of(dss));
  offsets.push([rootRef.objectNumber, offset]);
  const catalogBytes = Buffer.from(`${rootRef.objectNumber} ${rootRef.generationNumber} obj\n${catalog.toString()}\nendobj\n`, 'latin1');
  parts.push(catalogBytes);
  offset += catalogBytes.length;
  const xrefAt = offset;
  const rows = offsets
    .sort((x, y) => x[0] - y[0])
    .map(
      ([num, at]) => `${num} 1\n${String(at).padStart(10, '0')} ${String(num === rootRef.objectNumber ? rootRef.generationNumber : 0).padStart(5, '0')} n \n`,
    );
  const t = doc.context.trailerInfo;
  const trailer = [
    `/Size ${next}`,
    `/Root ${rootRef.toString()}`,
    t.Info ? `/Info ${t.Info.toString()}` : '',
    t.ID ? `/ID ${t.ID.toString()}` : '',
    `/Prev ${prev[1]}`,
  ]
    .filter(Boolean)
    .join(' ');
  parts.push(Buffer.from(`xref\n0 1\n0000000000 65535 f \n${rows.join('')}trailer\n<< ${trailer} >>\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'));
  return Buffer.concat([pdf, ...parts]);
}

/** The DSS of a PDF as its latest revision states it: the certificates (PEM) and CRLs (DER) it holds, or null. */
export async function validationDataOf(pdf: Buffer): Promise<ValidationData | null> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const dss = doc.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict);
  if (!dss) return null;
  const streams = (key: string) =>
    (dss.lookupMaybe(PDFName.of(key), PDFArray)?.asArray() ?? [])
      .map((ref) => doc.context.lookup(ref))
      .filter((x): x is PDFRawStream => x instanceof PDFRawStream)
      .map((x) => Buffer.from(x.getContents()));
  return { certificatePems: streams('Certs').map((d) => pemOf(ab(d))), crls: streams('CRLs') };
}

/**
 * Whether everything after the sealed revision (the first `signedLength` bytes) only adds validation
 * material: every object it writes is new and a DSS dictionary or a stream the DSS names, or the catalog
 * again, unchanged but for /DSS. Anything else (a page, an annotation, a changed object) is not allowed.
 */
export async function onlyValidationDataAfter(pdf: Buffer, signedLength: number): Promise<boolean> {
  if (signedLength === pdf.length) return true;
  try {
    const before = await PDFDocument.load(pdf.subarray(0, signedLength), { updateMetadata: false });
    const after = await PDFDocument.load(pdf, { updateMetadata: false });
    const rootBefore = before.context.trailerInfo.Root as PDFRef;
    const rootAfter = after.context.trailerInfo.Root as PDFRef;
    if (rootBefore.toString() !== rootAfter.toString()) return false;
    const dss = after.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict);
    if (!dss) return false;
    const dssRef = after.catalog.get(PDFName.of('DSS'));
    const named = new Set(['Certs', 'CRLs', 'OCSPs'].flatMap((k) => (dss.lookupMaybe(PDFName.of(k), PDFArray)?.asArray() ?? []).map((r) => r.toString())));
    const catalogBefore = before.catalog.clone(before.context);
    catalogBefore.set(PDFName.of('DSS'), dssRef!);
    if (catalogBefore.toString() !== after.catalog.toString()) return false;
    for (const [ref, obj] of after.context.enumerateIndirectObjects()) {
      const old = before.context.lookup(ref);
      if (ref.toString() === rootAfter.toString()) continue;
      if (old !== undefined) {
        if (old.toString() !== obj.toString()) return false;
        continue;
      }
      if (ref.toString() === dssRef?.toString()) continue;
      if (!(obj instanceof PDFRawStream) || !named.has(ref.toString())) return false;
    }
    return true;
  } catch {
    return false;
  }
}
