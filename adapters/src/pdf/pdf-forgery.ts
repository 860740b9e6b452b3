/**
 * Forgeries of a sealed PDF, for the tests that prove the seal check refuses them (issue 26 item 2):
 * anyone holding one genuine sealed PDF has its CMS, and with it a signature that holds over the bytes
 * it signed. Test fixtures only (exported from `@grain/adapters/testing`).
 */
import { PDFDocument } from 'pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const ab = (b: Buffer): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/** The ByteRange of a PDF's last signature, the CMS in its gap (as long as its DER says) and the bytes it covers. */
export function sealParts(pdf: Buffer): { byteRange: [number, number, number, number]; cms: Buffer; signedBytes: Buffer } {
  const text = pdf.toString('latin1');
  const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(text.slice(text.lastIndexOf('/ByteRange')));
  if (!m) throw new Error('no signature in this PDF');
  const [a, b, c, d] = m.slice(1).map(Number);
  const der = Buffer.from(text.slice(a + b + 1, c - 1), 'hex');
  const { offset } = asn1js.fromBER(ab(der));
  return { byteRange: [a, b, c, d], cms: der.subarray(0, offset), signedBytes: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]) };
}

/** A signer that answers a CMS made elsewhere, whatever bytes it is handed. */
class FixedCms extends Signer {
  constructor(private readonly cms: Buffer) {
    super();
  }
  override sign(): Promise<Buffer> {
    return Promise.resolve(this.cms);
  }
}

/** Puts `cms` in a signature placeholder added to `pdf` (the placeholder sized to hold it). */
export async function withCms(pdf: Buffer, cms: Buffer, name = 'Forged'): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: 'Grain quality certificate issued',
    contactInfo: '',
    name,
    location: '',
    signatureLength: cms.length * 2 + 64, // counted in hex digits
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  return new SignPdf().sign(Buffer.from(await doc.save({ useObjectStreams: false })), new FixedCms(cms));
}

/**
 * The forgery of issue 26 item 2: the genuine seal's CMS with the bytes it signed attached as its
 * eContent (the signed attributes, and so the signature, are unchanged), placed as the seal of
 * `other`. A check that takes the CMS's own content in place of the ByteRange's calls it valid.
 */
export async function transplantSeal(genuine: Buffer, other: Buffer): Promise<Buffer> {
  const { cms, signedBytes } = sealParts(genuine);
  const info = new pkijs.ContentInfo({ schema: asn1js.fromBER(ab(cms)).result });
  const signedData = new pkijs.SignedData({ schema: info.content });
  signedData.encapContentInfo = new pkijs.EncapsulatedContentInfo({
    eContentType: signedData.encapContentInfo.eContentType,
    eContent: new asn1js.OctetString({ valueHex: ab(signedBytes) }),
  });
  const attached = new pkijs.ContentInfo({ contentType: info.contentType, content: signedData.toSchema(true) });
  return withCms(other, Buffer.from(attached.toSchema().toBER(false)));
}
