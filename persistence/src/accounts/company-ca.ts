import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import type { Knex } from 'knex';
import { isIdentityVerified, issuerRegistration, type IssuerRegistration } from '@grain/domain';
import { issueCertificate, type DistinguishedName } from './x509';
import { needsRewrap, unwrapCached, unwrapPrivateKey, wrapPrivateKey } from './key-wrap';
import { finalCaCrl } from './company-crl';

const CA_YEARS = 20;

export const addYears = (d: Date, n: number) => {
  const x = new Date(d);
  x.setUTCFullYear(x.getUTCFullYear() + n);
  return x;
};

/** Who a company CA and seal name: the company, and its registration once the operator verified it. */
export interface CaSubject {
  id: string;
  name: string;
  /** Set only while the company's identity is verified. */
  registration: IssuerRegistration | null;
}

/** The company's name as its certificates state it: the name and verified registration, and its id (UID). */
const companyDn = (c: CaSubject, commonName: string): DistinguishedName => ({
  commonName: commonName.slice(0, 64),
  organization: c.name.slice(0, 64),
  ...(c.registration ? { serialNumber: c.registration.value, country: c.registration.country } : {}),
  userId: c.id,
});
export const caName = (c: CaSubject): DistinguishedName => companyDn(c, `${c.name} Signing CA`);
export const sealName = (c: CaSubject): DistinguishedName => companyDn(c, `${c.name} certificate seal`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An X.520 attribute's value in a Node X509 subject/issuer text ("CN=..\nO=.."). */
export function dnAttribute(text: string, attr: string): string | undefined {
  for (const line of text.split('\n')) if (line.startsWith(`${attr}=`)) return line.slice(attr.length + 1);
  return undefined;
}

/** The company a CA-issued certificate's issuer (or a company certificate's subject) names: its UID, or the serialNumber of CAs made before. */
export function companyIdOfName(text: string): string | undefined {
  return [dnAttribute(text, 'UID'), dnAttribute(text, 'serialNumber')].find((v) => !!v && UUID.test(v));
}

/** The company as its CA must name it now (from its row: the verified registration only while verified). */
async function caSubjectOf(k: Knex, company: { id: string; name: string }): Promise<CaSubject> {
  const row = await k('companies').where({ id: company.id }).first('name', 'tfn', 'identity_name', 'identity_registration', 'identity_verified_at');
  if (!row) return { id: company.id, name: company.name, registration: null };
  const verified = isIdentityVerified(
    { name: row.name, tfn: row.tfn ?? null },
    { name: row.identity_name ?? null, registration: row.identity_registration ?? null, verifiedAt: row.identity_verified_at ?? null, verifiedBy: null },
  );
  return { id: company.id, name: row.name, registration: verified ? issuerRegistration(row.tfn) : null };
}

/** Whether a company certificate states exactly this subject's name and registration. */
function namesSubject(certificatePem: string, c: CaSubject): boolean {
  const subject = new X509Certificate(certificatePem).subject;
  return dnAttribute(subject, 'O') === c.name.slice(0, 64) && (dnAttribute(subject, 'serialNumber') ?? null) === (c.registration?.value ?? null);
}

/** A new private key as stored: wrapped under the secret (key-wrap.ts), or plaintext where none is configured (tests only). */
export const storedKey = async (key: ReturnType<typeof generateKeyPairSync>['privateKey'], secret?: string) =>
  secret ? wrapPrivateKey(key, secret) : (key.export({ type: 'pkcs8', format: 'pem' }) as string);

/**
 * The company's CA: an ECDSA P-256 key and a self-signed certificate, made on first use, naming the
 * company (and its registration while verified). Its key is wrapped under `caSecret` (CA_KEY_SECRET) and
 * unwrapped once per process.
 */
export async function ensureCompanyCa(k: Knex, company: { id: string; name: string }, caSecret?: string) {
  const { privateKey, certificate, certificatePem, subject } = await ensureCompanyCaRow(k, company, caSecret);
  return { privateKey, certificate, certificatePem, subject };
}

/** ensureCompanyCa with the seal columns of the row it read (null until the company's first seal): the seal needs no read of its own. */
export async function ensureCompanyCaRow(k: Knex, company: { id: string; name: string }, caSecret?: string) {
  const subject = await caSubjectOf(k, company);
  await retireCompanyCaIfStale(k, company.id, subject, caSecret);
  let row = await k('company_cas').where({ company_id: company.id }).first();
  if (!row) {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const now = new Date();
    const dn = caName(subject);
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
    // Two first signatures at once: the first insert wins, the other reads it back.
    await k('company_cas')
      .insert({ company_id: company.id, key_pem: await storedKey(privateKey, caSecret), certificate_pem: cert.pem })
      .onConflict('company_id')
      .ignore();
    row = await k('company_cas').where({ company_id: company.id }).first();
  }
  const privateKey = await unwrapCached(String(row.key_pem), caSecret);
  const certificate = new X509Certificate(row.certificate_pem);
  const seal = { seal_key_pem: (row.seal_key_pem as string | null) ?? null, seal_certificate_pem: (row.seal_certificate_pem as string | null) ?? null };
  return { privateKey, certificate, certificatePem: row.certificate_pem as string, subject, seal };
}

export async function caCertificatePem(k: Knex, companyId: string): Promise<string | null> {
  const row = await k('company_cas').where({ company_id: companyId }).first('certificate_pem');
  return row?.certificate_pem ?? null;
}

/** Every CA and seal certificate the company has had: the current one first, then the retired ones, newest first. */
export async function companyCertificateHistory(k: Knex, companyId: string): Promise<Array<{ caPem: string; sealPem: string | null; current: boolean }>> {
  const now = await k('company_cas').where({ company_id: companyId }).first('certificate_pem', 'seal_certificate_pem');
  const old = await k('company_ca_archive').where({ company_id: companyId }).orderBy('seq', 'desc').select('certificate_pem', 'seal_certificate_pem');
  return [
    ...(now ? [{ caPem: now.certificate_pem as string, sealPem: (now.seal_certificate_pem as string | null) ?? null, current: true }] : []),
    ...old.map((r) => ({ caPem: r.certificate_pem as string, sealPem: (r.seal_certificate_pem as string | null) ?? null, current: false })),
  ];
}

/**
 * Retires the company's CA and seal when they do not name the company as it now stands (its name, and
 * its registration while verified: so the operator's verification, or a change that lapses it, gives the
 * company a new CA): their certificates go to the archive (what they signed still checks against them),
 * their keys are deleted, and the next use makes new ones. Answers whether it retired them.
 */
export async function retireCompanyCaIfStale(k: Knex, companyId: string, subject?: CaSubject, caSecret?: string): Promise<boolean> {
  const row = await k('company_cas').where({ company_id: companyId }).first('certificate_pem', 'key_pem', 'seal_certificate_pem');
  if (!row) return false;
  if (namesSubject(row.certificate_pem, subject ?? (await caSubjectOf(k, { id: companyId, name: '' })))) return false;
  // its last CRL, signed before its key goes: what it sealed stays checkable until the CA expires
  await finalCaCrl(k, companyId, row.certificate_pem, row.key_pem, caSecret);
  // the one that deletes it archives it (two retirements at once archive it once)
  const gone = await k('company_cas').where({ company_id: companyId, certificate_pem: row.certificate_pem }).delete();
  if (gone) {
    await k('company_ca_archive').insert({
      company_id: companyId,
      certificate_pem: row.certificate_pem,
      seal_certificate_pem: row.seal_certificate_pem ?? null,
    });
  }
  return gone > 0;
}

/**
 * Wraps again every CA and seal key stored in plaintext or below today's KDF cost (run at start-up with
 * the configured secret). A key the secret does not open stops it with a message naming the company.
 */
export async function rewrapCompanyKeys(k: Knex, secret: string): Promise<number> {
  let n = 0;
  for (const row of await k('company_cas').select('company_id', 'key_pem', 'seal_key_pem')) {
    for (const col of ['key_pem', 'seal_key_pem'] as const) {
      const stored = row[col] as string | null;
      if (!stored || !needsRewrap(stored)) continue;
      let key;
      try {
        key = await unwrapPrivateKey(stored, secret);
      } catch {
        throw new Error(
          `CA_KEY_SECRET does not open the stored ${col === 'key_pem' ? 'CA' : 'seal'} key of company ${row.company_id}: set the secret it was wrapped under`,
        );
      }
      const updated = await k('company_cas')
        .where({ company_id: row.company_id, [col]: stored })
        .update({ [col]: await wrapPrivateKey(key, secret) });
      n += updated;
    }
  }
  return n;
}
