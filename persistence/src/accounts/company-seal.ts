import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { Knex } from 'knex';
import { addYears, caName, ensureCompanyCaRow, sealName, storedKey } from './company-ca';
import { fingerprintHex, issueCertificate } from './x509';
import { unwrapCached } from './key-wrap';

const SEAL_YEARS = 10;

/** What a new seal certificate names beyond the company: its issuer DIDs and where its CA's CRL is published. */
export interface SealOptions {
  /** subjectAltName URIs: the DIDs the company issues credentials as (so the x5c is bound to the DID). */
  uris?: string[];
  /** The public address of a CA's CRL, given the CA's SHA-256 fingerprint (hex, lower case). */
  crlUrl?: (caFingerprint: string) => string;
}

export interface CompanySeal {
  privateKey: KeyObject;
  certificatePem: string;
  caCertificatePem: string;
}

/**
 * The company's seal, made on first use: an ECDSA P-256 key and a certificate for the company itself
 * (not a person) naming it and its verified registration, issued by the company CA. Issued certificates
 * are sealed and their credentials signed with it; a buyer trusts it through the company CA.
 */
export async function ensureCompanySeal(k: Knex, company: { id: string; name: string }, caSecret?: string, opts: SealOptions = {}): Promise<CompanySeal> {
  const ca = await ensureCompanyCaRow(k, company, caSecret);
  let sealed = ca.seal;
  if (!sealed.seal_key_pem) {
    const subject = ca.subject;
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const now = new Date();
    const cert = issueCertificate({
      subject: sealName(subject),
      subjectPublicKey: publicKey,
      issuer: caName(subject),
      issuerPrivateKey: ca.privateKey,
      issuerPublicKey: ca.certificate.publicKey,
      notBefore: new Date(now.getTime() - 60_000),
      notAfter: addYears(now, SEAL_YEARS),
      isCa: false,
      uris: opts.uris,
      crlUrl: opts.crlUrl?.(fingerprintHex(ca.certificatePem)),
    });
    // two first seals at once: the first write wins, the other reads it back
    await k('company_cas')
      .where({ company_id: company.id })
      .whereNull('seal_key_pem')
      .update({ seal_key_pem: await storedKey(privateKey, caSecret), seal_certificate_pem: cert.pem });
    sealed = await k('company_cas').where({ company_id: company.id }).first('seal_key_pem', 'seal_certificate_pem');
  }
  const privateKey = await unwrapCached(String(sealed.seal_key_pem), caSecret);
  return { privateKey, certificatePem: String(sealed.seal_certificate_pem), caCertificatePem: ca.certificatePem };
}

/**
 * The company's seal if it was made (by the first certificate the company issued), or null: reading a
 * seal never makes one, so a GET that needs it stays safe.
 */
export async function existingCompanySeal(k: Knex, companyId: string, caSecret?: string): Promise<CompanySeal | null> {
  const row = await k('company_cas').where({ company_id: companyId }).first('certificate_pem', 'seal_key_pem', 'seal_certificate_pem');
  if (!row?.seal_key_pem || !row.seal_certificate_pem) return null;
  const privateKey = await unwrapCached(String(row.seal_key_pem), caSecret);
  return { privateKey, certificatePem: row.seal_certificate_pem, caCertificatePem: row.certificate_pem };
}
