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
    await signedData.sign(key, 0, 'SHA-256');
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
