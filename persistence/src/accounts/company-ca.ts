import { createPrivateKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import type { Knex } from 'knex';
import { issueCertificate, type DistinguishedName } from './x509';

const CA_YEARS = 20;

export const addYears = (d: Date, n: number) => {
  const x = new Date(d);
  x.setUTCFullYear(x.getUTCFullYear() + n);
  return x;
};
export const caName = (company: { id: string; name: string }): DistinguishedName => ({
  commonName: `${company.name} Signing CA`.slice(0, 64),
  organization: company.name.slice(0, 64),
  serialNumber: company.id,
});

/**
 * The company's CA: an ECDSA P-256 key and a self-signed certificate, made on first use. With a
 * `caSecret` (CA_KEY_SECRET) the CA key is stored encrypted under it.
 */
export async function ensureCompanyCa(k: Knex, company: { id: string; name: string }, caSecret?: string) {
  const existing = await k('company_cas').where({ company_id: company.id }).first();
  if (!existing) {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const now = new Date();
    const dn = caName(company);
    const cert = issueCertificate({
      subject: dn,
      subjectPublicKey: publicKey,
      issuer: dn,
      issuerPrivateKey: privateKey,
      issuerPublicKey: publicKey,
      notBefore: new Date(now.getTime() - 60_000),
      notAfter: addYears(now, CA_YEARS),
      isCa: true,
    });
    const keyPem = privateKey.export(
      caSecret ? { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: caSecret } : { type: 'pkcs8', format: 'pem' },
    ) as string;
    // Two first signatures at once: the first insert wins, the other reads it back.
    await k('company_cas').insert({ company_id: company.id, key_pem: keyPem, certificate_pem: cert.pem }).onConflict('company_id').ignore();
  }
  const row = await k('company_cas').where({ company_id: company.id }).first();
  const privateKey = createPrivateKey(caSecret && String(row.key_pem).includes('ENCRYPTED') ? { key: row.key_pem, passphrase: caSecret } : row.key_pem);
  const certificate = new X509Certificate(row.certificate_pem);
  return { privateKey, certificate, certificatePem: row.certificate_pem as string };
}

export async function caCertificatePem(k: Knex, companyId: string): Promise<string | null> {
  const row = await k('company_cas').where({ company_id: companyId }).first('certificate_pem');
  return row?.certificate_pem ?? null;
}
