import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { Knex } from 'knex';
import { addYears, caName, ensureCompanyCa } from './company-ca';
import { issueCertificate } from './x509';

const SEAL_YEARS = 10;

export interface CompanySeal {
  privateKey: KeyObject;
  certificatePem: string;
  caCertificatePem: string;
}

/**
 * The company's seal, made on first use: an ECDSA P-256 key and a certificate for the company itself
 * (not a person), issued by the company CA. Issued certificates are sealed and their credentials signed
 * with it; a buyer trusts it through the CA certificate the company publishes.
 */
export async function ensureCompanySeal(k: Knex, company: { id: string; name: string }, caSecret?: string): Promise<CompanySeal> {
  const ca = await ensureCompanyCa(k, company, caSecret);
  const row = await k('company_cas').where({ company_id: company.id }).first('seal_key_pem', 'seal_certificate_pem');
  if (!row?.seal_key_pem) {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const now = new Date();
    const cert = issueCertificate({
      subject: { commonName: `${company.name} certificate seal`.slice(0, 64), organization: company.name.slice(0, 64), serialNumber: company.id },
      subjectPublicKey: publicKey,
      issuer: caName(company),
      issuerPrivateKey: ca.privateKey,
      issuerPublicKey: ca.certificate.publicKey,
      notBefore: new Date(now.getTime() - 60_000),
      notAfter: addYears(now, SEAL_YEARS),
      isCa: false,
    });
    const keyPem = privateKey.export(
      caSecret ? { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: caSecret } : { type: 'pkcs8', format: 'pem' },
    ) as string;
    // two first seals at once: the first write wins, the other reads it back
    await k('company_cas').where({ company_id: company.id }).whereNull('seal_key_pem').update({ seal_key_pem: keyPem, seal_certificate_pem: cert.pem });
  }
  const sealed = await k('company_cas').where({ company_id: company.id }).first('seal_key_pem', 'seal_certificate_pem');
  const key = String(sealed.seal_key_pem);
  const privateKey = createPrivateKey(caSecret && key.includes('ENCRYPTED') ? { key, passphrase: caSecret } : key);
  return { privateKey, certificatePem: sealed.seal_certificate_pem, caCertificatePem: ca.certificatePem };
}

/**
 * The company's seal if it was made (by the first certificate the company issued), or null: reading a
 * seal never makes one, so a GET that needs it stays safe.
 */
export async function existingCompanySeal(k: Knex, companyId: string, caSecret?: string): Promise<CompanySeal | null> {
  const row = await k('company_cas').where({ company_id: companyId }).first('certificate_pem', 'seal_key_pem', 'seal_certificate_pem');
  if (!row?.seal_key_pem || !row.seal_certificate_pem) return null;
  const key = String(row.seal_key_pem);
  const privateKey = createPrivateKey(caSecret && key.includes('ENCRYPTED') ? { key, passphrase: caSecret } : key);
  return { privateKey, certificatePem: row.seal_certificate_pem, caCertificatePem: row.certificate_pem };
}
