import { generateKeyPairSync, randomUUID, sign, verify, X509Certificate, type KeyObject } from 'node:crypto';
import type { Knex } from 'knex';
import { AppError, CERTIFICATE_VALIDITY_YEARS, isUuid, type SignatureVerification } from '@grain/domain';
import { dateOnly, iso, type SignatureRow } from './types';
import { issueCertificate } from './x509';
import { ensureCompanySeal, existingCompanySeal, type CompanySeal, type SealOptions } from './company-seal';
import { companyCaCrl, freshCompanyCaCrl, revokeCompanySeal, sealRevocations, type SealRevocation } from './company-crl';
import { embeddedTsaIdentity, type TsaIdentity } from './tsa-identity';
import {
  addYears,
  caCertificatePem,
  caName,
  companyCertificateHistory,
  companyIdOfName,
  ensureCompanyCa,
  retireCompanyCaIfStale,
  rewrapCompanyKeys,
} from './company-ca';
import { needsRewrap, unwrapPrivateKey, wrapPrivateKey } from './key-wrap';

export const SIGNATURE_ALGORITHM = 'ECDSA-P256-SHA256';

const toSignature = (r: Record<string, any>): SignatureRow => ({
  id: r.id,
  userId: r.user_id,
  companyId: r.company_id,
  guid: r.guid,
  algorithm: r.algorithm,
  publicKeyPem: r.public_key_pem,
  certificatePem: r.certificate_pem,
  serial: r.serial,
  effectiveDate: dateOnly(r.effective_date),
  lastModified: iso(r.last_modified),
  retiredAt: r.retired_at ? iso(r.retired_at) : null,
});

export interface SignatureOwner {
  user: { id: string; email: string; firstname: string; lastname: string };
  company: { id: string; name: string };
}

/**
 * A new key for the user: an ECDSA P-256 key pair, the private key as encrypted PKCS#8 under the
 * signature password, and a certificate from the company CA valid from the effective date for
 * CERTIFICATE_VALIDITY_YEARS. The row's columns; the caller gives it its ids.
 */
async function newKeyRow(k: Knex, owner: SignatureOwner, password: string, effectiveDate: string, caSecret?: string) {
  const ca = await ensureCompanyCa(k, owner.company, caSecret);
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const notBefore = new Date(`${effectiveDate}T00:00:00Z`);
  const cert = issueCertificate({
    subject: {
      commonName: `${owner.user.firstname} ${owner.user.lastname}`.slice(0, 64),
      organization: owner.company.name.slice(0, 64),
      userId: owner.user.id,
      // no mail address: the certificate is stated with every signature, to anyone checking one
    },
    subjectPublicKey: publicKey,
    issuer: caName(ca.subject),
    issuerPrivateKey: ca.privateKey,
    issuerPublicKey: ca.certificate.publicKey,
    notBefore,
    notAfter: addYears(notBefore, CERTIFICATE_VALIDITY_YEARS),
    isCa: false,
  });
  return {
    id: randomUUID(),
    guid: randomUUID(),
    user_id: owner.user.id,
    company_id: owner.company.id,
    algorithm: SIGNATURE_ALGORITHM,
    public_key_pem: publicKey.export({ type: 'spki', format: 'pem' }) as string,
    private_key_pem: await wrapPrivateKey(privateKey, password),
    certificate_pem: cert.pem,
    serial: cert.serial,
    effective_date: effectiveDate,
    last_modified: new Date(),
  };
}

/** The user's current key row (not retired), or undefined. */
const currentKey = (k: Knex, userId: string) => k('signatures').where({ user_id: userId }).whereNull('retired_at').first();

/** Inserts a key row; a second current key of the user (two at once) is refused by the unique index. */
async function insertKey(k: Knex, row: Record<string, unknown>): Promise<SignatureRow> {
  try {
    await k('signatures').insert(row);
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw new AppError('SIGNATURE_EXISTS');
    throw e;
  }
  return toSignature(await k('signatures').where({ id: row.id }).first());
}

/** Creates the user's first key (or the next one after a reset); SIGNATURE_EXISTS while one is current. */
async function issueUserSignature(k: Knex, owner: SignatureOwner, password: string, effectiveDate: string, caSecret?: string): Promise<SignatureRow> {
  if (await currentKey(k, owner.user.id)) throw new AppError('SIGNATURE_EXISTS');
  return insertKey(k, await newKeyRow(k, owner, password, effectiveDate, caSecret));
}

/** The private key of a key row, unlocked by its password (SIGNATURE_PASSWORD_WRONG otherwise). */
async function unlock(r: { private_key_pem: string | null }, password: string): Promise<KeyObject> {
  if (!r.private_key_pem) throw new AppError('SIGNATURE_MISSING');
  try {
    return await unwrapPrivateKey(r.private_key_pem, password);
  } catch {
    throw new AppError('SIGNATURE_PASSWORD_WRONG');
  }
}

/** Retires a key: its private key is wiped (it signs no more), its certificate stays for verification. */
const retire = (k: Knex, id: string, by: string) =>
  k('signatures').where({ id }).whereNull('retired_at').update({ retired_at: new Date(), retired_by: by, private_key_pem: null }).returning('id');

/**
 * Re-issues the user's current key `keyId`: the old password must unlock it. The old key is retired and
 * a new one (new id, new GUID, new certificate) takes its place, in one transaction.
 */
async function reissueUserSignature(
  k: Knex,
  owner: SignatureOwner,
  keyId: string,
  oldPassword: string,
  password: string,
  effectiveDate: string,
  caSecret?: string,
): Promise<SignatureRow> {
  const current = await currentKey(k, owner.user.id);
  if (!current || current.id !== keyId) throw new AppError('NOT_FOUND');
  await unlock(current, oldPassword);
  const row = await newKeyRow(k, owner, password, effectiveDate, caSecret);
  return k.transaction(async (trx) => {
    if ((await retire(trx, current.id, owner.user.id)).length === 0) throw new AppError('CONFLICT');
    return insertKey(trx, row);
  });
}

export interface UserSignatureResult {
  /** base64 DER ECDSA signature over `data` (SHA-256). */
  signature: string;
  certificatePem: string;
  algorithm: typeof SIGNATURE_ALGORITHM;
  signatureId: string;
  guid: string;
}

/**
 * Signs `data` (e.g. a certificate's content hash) with the user's signature key, unlocked by the
 * signature password. Fails with SIGNATURE_MISSING, SIGNATURE_PASSWORD_WRONG or SIGNATURE_NOT_EFFECTIVE.
 */
async function signWithUserKey(k: Knex, userId: string, password: string, data: Buffer): Promise<UserSignatureResult> {
  const r = await currentKey(k, userId);
  if (!r) throw new AppError('SIGNATURE_MISSING');
  const key = await unlock(r, password);
  // a key wrapped before today's KDF cost is wrapped again now that its password is at hand (key-wrap.ts)
  if (needsRewrap(r.private_key_pem!)) {
    await k('signatures')
      .where({ id: r.id, private_key_pem: r.private_key_pem })
      .update({ private_key_pem: await wrapPrivateKey(key, password) });
  }
  const cert = new X509Certificate(r.certificate_pem);
  const now = Date.now();
  if (now < new Date(cert.validFrom).getTime() || now > new Date(cert.validTo).getTime()) throw new AppError('SIGNATURE_NOT_EFFECTIVE');
  return {
    signature: sign('sha256', data, key).toString('base64'),
    certificatePem: r.certificate_pem,
    algorithm: SIGNATURE_ALGORITHM,
    signatureId: r.id,
    guid: r.guid,
  };
}

/** The X.520 attribute value named `attr` in a Node X509 subject/issuer text ("CN=..\nO=.."). */
function dnValue(text: string, attr: string): string | undefined {
  for (const line of text.split('\n')) if (line.startsWith(`${attr}=`)) return line.slice(attr.length + 1);
  return undefined;
}

/**
 * Checks that `signature` over `data` was made by the key of `certificatePem`, and that the certificate
 * was issued by the CA of the company it names. Anyone holding the three values can run this.
 */
async function verifyUserSignature(k: Knex, input: { data: Buffer; signature: string; certificatePem: string }): Promise<SignatureVerification> {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(input.certificatePem);
  } catch {
    return { valid: false, reason: 'bad-certificate' };
  }
  // the company's CA now, or one it had when the certificate was issued (company-ca.ts retires a CA that no longer names it)
  const companyId = companyIdOfName(cert.issuer);
  const cas = companyId ? (await companyCertificateHistory(k, companyId)).map((h) => new X509Certificate(h.caPem)) : [];
  if (!companyId || !cas.length) return { valid: false, reason: 'unknown-issuer' };
  if (!cas.some((ca) => cert.checkIssued(ca) && cert.verify(ca.publicKey))) return { valid: false, reason: 'not-issued-by-ca', companyId };
  const userId = dnValue(cert.subject, 'UID');
  const signerName = dnValue(cert.subject, 'CN');
  const ok = verify('sha256', input.data, cert.publicKey, Buffer.from(input.signature, 'base64'));
  return ok ? { valid: true, userId, companyId, signerName } : { valid: false, reason: 'bad-signature', userId, companyId, signerName };
}

/** Users' signing keys and certificates, and the company CAs that issue them. */
export interface SignatureStore {
  /** The company's CA, made on first use. */
  ensureCompanyCa(company: { id: string; name: string }, caSecret?: string): ReturnType<typeof ensureCompanyCa>;
  /** The PEM of the company's CA certificate, or null before its first signature. */
  companyCaCertificatePem(companyId: string): Promise<string | null>;
  /** Creates the user's key; SIGNATURE_EXISTS while the user has a current one (re-issue it instead). */
  issue(owner: SignatureOwner, password: string, effectiveDate: string, caSecret?: string): Promise<SignatureRow>;
  /**
   * Replaces the user's current key `keyId` by a new one (new id, GUID and certificate), when
   * `oldPassword` unlocks it (SIGNATURE_PASSWORD_WRONG otherwise); the old key is retired.
   */
  reissue(owner: SignatureOwner, keyId: string, oldPassword: string, password: string, effectiveDate: string, caSecret?: string): Promise<SignatureRow>;
  /** Retires the current key `keyId` of the company (an admin's reset: the password is lost); false when none. */
  reset(companyId: string, keyId: string, by: string): Promise<boolean>;
  /** The user's current key. */
  ofUser(userId: string): Promise<SignatureRow | null>;
  /** The id of a user's current key, or null. */
  idOfUser(userId: string): Promise<string | null>;
  /** A key of the company, current or retired. */
  byId(companyId: string, id: string): Promise<SignatureRow | null>;
  /** Keys of the company by GUID, current or retired (the ones signatures name). */
  byGuids(companyId: string, guids: string[]): Promise<Map<string, SignatureRow>>;
  /** Signs `data` with the user's key, unlocked by the signature password. */
  sign(userId: string, password: string, data: Buffer): Promise<UserSignatureResult>;
  /** Checks a signature and that its certificate comes from the CA of the company it names. */
  verify(input: { data: Buffer; signature: string; certificatePem: string }): Promise<SignatureVerification>;
  /** The company's seal (made on first use): seals issued certificates and signs their credentials. */
  companySeal(company: { id: string; name: string }, caSecret?: string, opts?: SealOptions): Promise<CompanySeal>;
  /** The company's seal if it was made, else null; never makes one (for reads). */
  existingCompanySeal(companyId: string, caSecret?: string): Promise<CompanySeal | null>;
  /** Every CA and seal certificate the company has had, the current one first (pinning and old signatures). */
  companyCertificates(companyId: string): ReturnType<typeof companyCertificateHistory>;
  /** Retires the company's CA and seal if they no longer name it as it stands (after the operator's verification); its last CRL is signed first. */
  retireStaleCompanyCa(companyId: string, caSecret?: string): Promise<boolean>;
  /** The CRL of one of the company's CAs (current: signed now; retired: its last one), by the CA's SHA-256 fingerprint (hex). */
  caCrl(companyId: string, caFingerprint: string, caSecret?: string): Promise<Buffer | null>;
  /** A fresh CRL of the company's current CA (for a sealed PDF's DSS), kept as its latest. */
  freshCaCrl(companyId: string, caSecret?: string): Promise<Buffer>;
  /** Revokes the company's current seal certificate: its CA's CRL lists it; the next certificate is sealed by a new seal. */
  revokeSeal(companyId: string, r: { reason: string; by: string | null; at?: Date }, caSecret?: string): Promise<SealRevocation | null>;
  /** The seal certificates the company revoked, newest first. */
  sealRevocations(companyId: string): Promise<SealRevocation[]>;
  /** The embedded time-stamping authority's key and certificate (made on first use). */
  embeddedTsa(caSecret?: string): Promise<TsaIdentity>;
  /** Wraps again every CA and seal key stored in plaintext or below today's KDF cost (start-up). */
  rewrapCompanyKeys(secret: string): Promise<number>;
}

export class KnexSignatureStore implements SignatureStore {
  constructor(private readonly k: Knex) {}

  ensureCompanyCa(company: { id: string; name: string }, caSecret?: string) {
    return ensureCompanyCa(this.k, company, caSecret);
  }
  companyCaCertificatePem(companyId: string) {
    return caCertificatePem(this.k, companyId);
  }
  issue(owner: SignatureOwner, password: string, effectiveDate: string, caSecret?: string) {
    return issueUserSignature(this.k, owner, password, effectiveDate, caSecret);
  }
  reissue(owner: SignatureOwner, keyId: string, oldPassword: string, password: string, effectiveDate: string, caSecret?: string) {
    return reissueUserSignature(this.k, owner, keyId, oldPassword, password, effectiveDate, caSecret);
  }
  async reset(companyId: string, keyId: string, by: string): Promise<boolean> {
    if (!isUuid(keyId)) return false;
    const r = await this.k('signatures').where({ id: keyId, company_id: companyId }).whereNull('retired_at').first('id');
    return !!r && (await retire(this.k, r.id, by)).length > 0;
  }
  async ofUser(userId: string): Promise<SignatureRow | null> {
    const r = await currentKey(this.k, userId);
    return r ? toSignature(r) : null;
  }
  async idOfUser(userId: string): Promise<string | null> {
    const r = await this.k('signatures').where({ user_id: userId }).whereNull('retired_at').first('id');
    return r?.id ?? null;
  }
  async byId(companyId: string, id: string): Promise<SignatureRow | null> {
    if (!isUuid(id)) return null;
    const r = await this.k('signatures').where({ id, company_id: companyId }).first();
    return r ? toSignature(r) : null;
  }
  async byGuids(companyId: string, guids: string[]): Promise<Map<string, SignatureRow>> {
    const wanted = [...new Set(guids)].filter((g) => isUuid(g));
    if (wanted.length === 0) return new Map();
    const rows = await this.k('signatures').where({ company_id: companyId }).whereIn('guid', wanted);
    return new Map(rows.map((r) => [r.guid as string, toSignature(r)]));
  }
  sign(userId: string, password: string, data: Buffer) {
    return signWithUserKey(this.k, userId, password, data);
  }
  verify(input: { data: Buffer; signature: string; certificatePem: string }) {
    return verifyUserSignature(this.k, input);
  }
  companySeal(company: { id: string; name: string }, caSecret?: string, opts?: SealOptions) {
    return ensureCompanySeal(this.k, company, caSecret, opts);
  }
  existingCompanySeal(companyId: string, caSecret?: string) {
    return existingCompanySeal(this.k, companyId, caSecret);
  }
  companyCertificates(companyId: string) {
    return companyCertificateHistory(this.k, companyId);
  }
  retireStaleCompanyCa(companyId: string, caSecret?: string) {
    return retireCompanyCaIfStale(this.k, companyId, undefined, caSecret);
  }
  caCrl(companyId: string, caFingerprint: string, caSecret?: string) {
    return companyCaCrl(this.k, companyId, caFingerprint, caSecret);
  }
  freshCaCrl(companyId: string, caSecret?: string) {
    return freshCompanyCaCrl(this.k, companyId, caSecret);
  }
  revokeSeal(companyId: string, r: { reason: string; by: string | null; at?: Date }, caSecret?: string) {
    return revokeCompanySeal(this.k, companyId, r, caSecret);
  }
  sealRevocations(companyId: string) {
    return sealRevocations(this.k, companyId);
  }
  embeddedTsa(caSecret?: string) {
    return embeddedTsaIdentity(this.k, caSecret);
  }
  rewrapCompanyKeys(secret: string) {
    return rewrapCompanyKeys(this.k, secret);
  }
}
