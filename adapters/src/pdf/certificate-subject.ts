/**
 * The subject of a company seal or CA certificate read attribute by attribute (by OID, with PKI.js), not by
 * matching the text a printer makes of it: the issuer checks read the registration from serialNumber
 * (2.5.4.5) and the company id from UID.
 */
import { X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

export interface CertificateSubject {
  commonName?: string;
  organization?: string;
  /** X.520 serialNumber (2.5.4.5): a company's registration (ABN or Vietnamese enterprise code). */
  serialNumber?: string;
  country?: string;
  /** UID (0.9.2342.19200300.100.1.1): the company id on a company certificate. */
  uid?: string;
}

const OIDS: Record<string, keyof CertificateSubject> = {
  '2.5.4.3': 'commonName',
  '2.5.4.10': 'organization',
  '2.5.4.5': 'serialNumber',
  '2.5.4.6': 'country',
  '0.9.2342.19200300.100.1.1': 'uid',
};

/** The DER of a certificate given as PEM, base64 DER (an x5c entry) or DER. */
export function certificateDer(cert: string | Buffer): Buffer {
  if (Buffer.isBuffer(cert)) return cert;
  return Buffer.from(cert.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ''), 'base64');
}

/**
 * Reads a certificate that must be an X.509 certificate with an EC P-256 key (what our seals are); throws
 * on anything else (a malformed one, an RSA key), so callers can answer a clear refusal.
 */
export function readSealCertificate(cert: string | Buffer): { x509: X509Certificate; der: Buffer; subject: CertificateSubject } {
  const der = certificateDer(cert);
  const x509 = new X509Certificate(der);
  if (x509.publicKey.asymmetricKeyType !== 'ec' || x509.publicKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new Error('not an EC P-256 key');
  const parsed = asn1js.fromBER(der.buffer.slice(der.byteOffset, der.byteOffset + der.byteLength) as ArrayBuffer);
  const pk = new pkijs.Certificate({ schema: parsed.result });
  const subject: CertificateSubject = {};
  for (const tv of pk.subject.typesAndValues) {
    const key = OIDS[tv.type];
    if (key && subject[key] === undefined) subject[key] = String(tv.value.valueBlock.value);
  }
  return { x509, der, subject };
}
