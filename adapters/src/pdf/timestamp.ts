/**
 * The time-stamping authority (RFC 3161) whose token dates a seal (PAdES B-T): a port with its embedded
 * default beside the real one. The embedded TSA is this server's own (its certificate says so: "not a
 * qualified TSA"), so its time is only as good as this server's clock; a buyer who must rely on the time
 * of sealing trusts a real TSA, configured with TSA_URL (any RFC 3161 service over HTTP). A TSA_URL that
 * does not answer a timestamp request stops start-up with a message naming it (checkTimestampAuthority).
 */
import { createHash, randomBytes, webcrypto, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

export interface TimestampAuthority {
  /** What the seal's readers are told about who dated it. */
  readonly label: string;
  /** A TimeStampToken (CMS ContentInfo, DER) over a SHA-256 message imprint. */
  timestamp(sha256: Buffer): Promise<Buffer>;
  /** The TSA's certificate(s) as its tokens carry them (PEM), for a seal's validation material. */
  certificatePems(): Promise<string[]>;
}

const pemOf = (der: ArrayBuffer) =>
  `-----BEGIN CERTIFICATE-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n-----END CERTIFICATE-----\n`;

/** The certificates a TimeStampToken carries (PEM). */
export function tokenCertificatePems(token: Buffer): string[] {
  pkiEngine();
  const info = new pkijs.ContentInfo({ schema: asn1js.fromBER(ab(token)).result });
  const signed = new pkijs.SignedData({ schema: info.content });
  return (signed.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate).map((c) => pemOf(c.toSchema().toBER(false)));
}

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  /**
   * The embedded TSA's policy: it follows no published TSA policy, so it names none — an OID under the
   * ITU-T/ISO example arc (2.999), short enough for every ASN.1 reader (Go's takes no arc above 2^31).
   */
  embeddedPolicy: '2.999.31.1',
};

let engineSet = false;
export function pkiEngine(): void {
  if (engineSet) return;
  pkijs.setEngine(
    'node',
    new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'] }),
  );
  engineSet = true;
}

const ab = (b: Buffer): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
const derOf = (pem: string) => Buffer.from(pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ''), 'base64');

/**
 * The embedded TSA: signs TSTInfo with a key and certificate of its own, kept by the store (made on first
 * use, never replaced), so read from the store once per process: a sealed PDF asks for it twice (its
 * timestamp, its validation data), and each read was a round trip (issue 29).
 */
export class EmbeddedTimestampAuthority implements TimestampAuthority {
  readonly label = 'embedded time-stamping authority of this server (not a qualified TSA)';
  private known?: Promise<{ privateKey: KeyObject; certificatePem: string }>;
  constructor(private readonly load: () => Promise<{ privateKey: KeyObject; certificatePem: string }>) {}

  private identity() {
    if (!this.known) {
      const p = this.load();
      this.known = p;
      p.catch(() => {
        if (this.known === p) this.known = undefined; // a failed read is tried again next time
      });
    }
    return this.known;
  }

  async certificatePems(): Promise<string[]> {
    return [(await this.identity()).certificatePem];
  }

  async timestamp(sha256: Buffer): Promise<Buffer> {
    pkiEngine();
    const id = await this.identity();
    const certDer = derOf(id.certificatePem);
    const cert = pkijs.Certificate.fromBER(certDer);
    const tst = new pkijs.TSTInfo({
      version: 1,
      policy: OID.embeddedPolicy,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
        hashedMessage: new asn1js.OctetString({ valueHex: ab(sha256) }),
      }),
      serialNumber: new asn1js.Integer({ valueHex: ab(Buffer.concat([Buffer.from([0x01]), randomBytes(15)])) }),
      genTime: new Date(),
      accuracy: new pkijs.Accuracy({ seconds: 1 }),
    });
    const content = Buffer.from(tst.toSchema().toBER(false));
    const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: ab(createHash('sha256').update(certDer).digest()) })] });
    const signedData = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.tstInfo, eContent: new asn1js.OctetString({ valueHex: ab(content) }) }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })] }),
              new pkijs.Attribute({
                type: OID.messageDigest,
                values: [new asn1js.OctetString({ valueHex: ab(createHash('sha256').update(content).digest()) })],
              }),
              new pkijs.Attribute({
                type: OID.signingCertificateV2,
                values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })],
              }),
            ],
          }),
        }),
      ],
      certificates: [cert],
    });
    const key = await webcrypto.subtle.importKey(
      'pkcs8',
      id.privateKey.export({ type: 'pkcs8', format: 'der' }),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    );
    await signedData.sign(key as Parameters<pkijs.SignedData['sign']>[0], 0, 'SHA-256');
    return Buffer.from(new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) }).toSchema().toBER(false));
  }
}

/** A real TSA: an RFC 3161 request over HTTP (application/timestamp-query) to TSA_URL. */
export class HttpTimestampAuthority implements TimestampAuthority {
  readonly label: string;
  private lastCertificates: string[] = [];
  constructor(private readonly url: string) {
    this.label = `time-stamping authority at ${url}`;
  }

  async certificatePems(): Promise<string[]> {
    return this.lastCertificates;
  }

  async timestamp(sha256: Buffer): Promise<Buffer> {
    pkiEngine();
    const nonce = randomBytes(8);
    nonce[0] &= 0x7f;
    const req = new pkijs.TimeStampReq({
      version: 1,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
        hashedMessage: new asn1js.OctetString({ valueHex: ab(sha256) }),
      }),
      nonce: new asn1js.Integer({ valueHex: ab(nonce) }),
      certReq: true,
    });
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
      body: Buffer.from(req.toSchema().toBER(false)),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`the TSA at ${this.url} answered HTTP ${res.status}`);
    const parsed = asn1js.fromBER(await res.arrayBuffer());
    if (parsed.offset < 0) throw new Error(`the TSA at ${this.url} answered something that is not a TimeStampResp`);
    const resp = new pkijs.TimeStampResp({ schema: parsed.result });
    if (resp.status.status > 1 || !resp.timeStampToken) throw new Error(`the TSA at ${this.url} refused the request (status ${resp.status.status})`);
    const signed = new pkijs.SignedData({ schema: resp.timeStampToken.content });
    const info = new pkijs.TSTInfo({ schema: asn1js.fromBER(signed.encapContentInfo.eContent!.getValue()).result });
    if (!Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(sha256))
      throw new Error(`the TSA at ${this.url} stamped another digest`);
    if (!info.nonce || !Buffer.from(info.nonce.valueBlock.valueHexView).equals(nonce))
      throw new Error(`the TSA at ${this.url} answered another request (nonce)`);
    const token = Buffer.from(resp.timeStampToken.toSchema().toBER(false));
    this.lastCertificates = tokenCertificatePems(token);
    return token;
  }
}

/** Start-up: a configured TSA must answer one request, else start-up stops naming TSA_URL. */
export async function checkTimestampAuthority(tsa: TimestampAuthority): Promise<void> {
  await tsa.timestamp(createHash('sha256').update('grain certificates start-up check').digest());
}

/** The time a TimeStampToken states (its TSTInfo's genTime). */
export function timestampTime(token: Buffer): Date {
  pkiEngine();
  const info = new pkijs.ContentInfo({ schema: asn1js.fromBER(ab(token)).result });
  const signed = new pkijs.SignedData({ schema: info.content });
  return new pkijs.TSTInfo({ schema: asn1js.fromBER(signed.encapContentInfo.eContent!.getValue()).result }).genTime;
}
