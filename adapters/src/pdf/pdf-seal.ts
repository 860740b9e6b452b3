/**
 * The seal of an issued certificate: a PAdES baseline B-B signature (CMS, SubFilter ETSI.CAdES.detached)
 * by the issuing company's seal key over the whole PDF, so any change to the file breaks it and any
 * PDF reader (poppler's pdfsig, Acrobat) can check it without our server. The placeholder is added
 * by @signpdf, the CMS built by pkijs over Node's WebCrypto (ECDSA P-256, SHA-256): no hand-rolled
 * cryptography.
 */
import { createHash, webcrypto, type KeyObject } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

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
}

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
};

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
    const cms = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
    return Buffer.from(cms.toSchema().toBER(false));
  }
}

/** Room kept in the PDF for the CMS (hex doubles it): two certificates and an ECDSA signature fit well within. */
const SIGNATURE_BYTES = 8192;

/** Seals `pdf`: answers the signed PDF (the same document plus its signature). */
export async function sealPdf(pdf: Buffer, id: SealIdentity): Promise<Buffer> {
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
  return new SignPdf().sign(prepared, new CadesSigner(id));
}

/** What a PDF's last signature says: whether it holds, whether it covers the whole file, and by whom. */
export interface PdfSealCheck {
  signed: boolean;
  valid: boolean;
  wholeDocument: boolean;
  /** The signer's certificate and the others the signature carries (PEM). */
  signerPem?: string;
  chainPems: string[];
}

const pemOf = (der: ArrayBuffer) =>
  `-----BEGIN CERTIFICATE-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n-----END CERTIFICATE-----\n`;

/**
 * Checks the last signature of a PDF the way a PDF reader does: the bytes its ByteRange names are
 * digested and the CMS signature verified against the certificate it carries (trust in that
 * certificate is the caller's question).
 */
export async function checkPdfSeal(pdf: Buffer): Promise<PdfSealCheck> {
  const none: PdfSealCheck = { signed: false, valid: false, wholeDocument: false, chainPems: [] };
  const text = pdf.toString('latin1');
  const at = text.lastIndexOf('/ByteRange');
  if (at < 0) return none;
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text.slice(at, at + 120));
  if (!range) return none;
  const [a, b, c, d] = range.slice(1).map(Number);
  if (a + b > pdf.length || c + d > pdf.length || c < a + b) return none;
  // The signature's place holds the CMS's DER and then zero padding: the DER says its own length (a
  // CMS may itself end in a zero byte, so the padding is never trimmed by looking at it).
  const hex = text.slice(a + b, c).replace(/[<>\s]/g, '');
  engine();
  try {
    const cms = asn1js.fromBER(ab(Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex')));
    if (cms.offset < 0) return { ...none, signed: true };
    const info = new pkijs.ContentInfo({ schema: cms.result });
    const signedData = new pkijs.SignedData({ schema: info.content });
    const data = ab(Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]));
    const valid = await signedData.verify({ signer: 0, data, checkChain: false }).catch(() => false);
    const certs = (signedData.certificates ?? []).filter((x): x is pkijs.Certificate => x instanceof pkijs.Certificate);
    const sid = signedData.signerInfos[0]?.sid;
    const signer =
      sid instanceof pkijs.IssuerAndSerialNumber ? certs.find((x) => x.serialNumber.isEqual(sid.serialNumber) && x.issuer.isEqual(sid.issuer)) : certs[0];
    return {
      signed: true,
      valid: valid === true,
      wholeDocument: a === 0 && c + d === pdf.length,
      signerPem: signer ? pemOf(signer.toSchema().toBER(false)) : undefined,
      chainPems: certs.filter((x) => x !== signer).map((x) => pemOf(x.toSchema().toBER(false))),
    };
  } catch {
    return { ...none, signed: true };
  }
}
