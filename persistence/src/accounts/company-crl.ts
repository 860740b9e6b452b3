import { X509Certificate } from 'node:crypto';
import type { Knex } from 'knex';
import { unwrapCached } from './key-wrap';
import { fingerprintHex, issueCrl } from './x509';

/*
 * What keeps a seal checkable after it is revoked or its CA retired (issue 31 item 4): the company CA
 * publishes a CRL naming the seal certificates the company revoked, and an issued PDF carries the CRL as it
 * stood when it was sealed (in its DSS). A CA with its key signs a fresh CRL whenever one is asked for; a
 * retired CA's key is gone, so its last CRL (made when it was retired, valid until the CA expires) stays
 * published as it was.
 */

/** How long a CRL the CA signs now may be relied on before a newer one must be fetched. */
const CRL_DAYS = 7;

/** A CA of the company, current or retired, with its key while it is the current one. */
interface CaEntry {
  pem: string;
  fingerprint: string;
  keyPem: string | null;
}

async function casOf(k: Knex, companyId: string): Promise<CaEntry[]> {
  const now = await k('company_cas').where({ company_id: companyId }).first('certificate_pem', 'key_pem');
  const old = await k('company_ca_archive').where({ company_id: companyId }).select('certificate_pem');
  const entries: CaEntry[] = now ? [{ pem: now.certificate_pem, fingerprint: fingerprintHex(now.certificate_pem), keyPem: now.key_pem }] : [];
  for (const r of old) {
    const fp = fingerprintHex(r.certificate_pem);
    if (!entries.some((e) => e.fingerprint === fp)) entries.push({ pem: r.certificate_pem, fingerprint: fp, keyPem: null });
  }
  return entries;
}

async function signCrl(k: Knex, companyId: string, ca: { pem: string; fingerprint: string }, keyPem: string, caSecret: string | undefined, nextUpdate?: Date) {
  const revoked = await k('seal_revocations').where({ ca_fingerprint: ca.fingerprint }).select('serial', 'revoked_at');
  const cert = new X509Certificate(ca.pem);
  const now = new Date();
  return issueCrl({
    caCertificateDer: cert.raw,
    caPrivateKey: await unwrapCached(keyPem, caSecret),
    caPublicKey: cert.publicKey,
    thisUpdate: now,
    nextUpdate: nextUpdate ?? new Date(now.getTime() + CRL_DAYS * 86_400_000),
    // grows with time: every CRL a CA signs has a larger number than the one before
    number: Math.floor(now.getTime() / 1000),
    revoked: revoked.map((r) => ({ serialHex: String(r.serial), at: new Date(r.revoked_at), reason: 1 })),
  });
}

async function keep(k: Knex, companyId: string, fingerprint: string, crl: Buffer) {
  await k('ca_crls')
    .insert({ ca_fingerprint: fingerprint, company_id: companyId, number: 0, crl_der_b64: crl.toString('base64'), made_at: new Date() })
    .onConflict('ca_fingerprint')
    .merge();
}

/**
 * The CRL of one of the company's CAs (by its SHA-256 fingerprint, hex): signed now by a CA that still has
 * its key, else the last one it published; null for a CA the company never had.
 */
export async function companyCaCrl(k: Knex, companyId: string, caFingerprint: string, caSecret?: string): Promise<Buffer | null> {
  const ca = (await casOf(k, companyId)).find((c) => c.fingerprint === caFingerprint.toLowerCase());
  if (!ca) return null;
  if (ca.keyPem) return signCrl(k, companyId, ca, ca.keyPem, caSecret);
  const kept = await k('ca_crls').where({ ca_fingerprint: ca.fingerprint, company_id: companyId }).first('crl_der_b64');
  return kept ? Buffer.from(kept.crl_der_b64, 'base64') : null;
}

/** A fresh CRL of the company's current CA, kept as its latest (put in a sealed PDF's DSS). */
export async function freshCompanyCaCrl(k: Knex, companyId: string, caSecret?: string): Promise<Buffer> {
  const row = await k('company_cas').where({ company_id: companyId }).first('certificate_pem', 'key_pem');
  if (!row) throw new Error(`company ${companyId} has no CA`);
  const ca = { pem: row.certificate_pem as string, fingerprint: fingerprintHex(row.certificate_pem) };
  const crl = await signCrl(k, companyId, ca, row.key_pem, caSecret);
  await keep(k, companyId, ca.fingerprint, crl);
  return crl;
}

/**
 * The last CRL of a CA about to be retired (its key is deleted next): valid until the CA itself expires,
 * so what it sealed stays checkable.
 */
export async function finalCaCrl(k: Knex, companyId: string, caPem: string, keyPem: string, caSecret?: string): Promise<void> {
  const ca = { pem: caPem, fingerprint: fingerprintHex(caPem) };
  const notAfter = new Date(new X509Certificate(caPem).validTo);
  await keep(k, companyId, ca.fingerprint, await signCrl(k, companyId, ca, keyPem, caSecret, notAfter));
}

/** A seal certificate the company revoked, as its CRL lists it. */
export interface SealRevocation {
  serial: string;
  caFingerprint: string;
  revokedAt: string;
  reason: string;
  /** Who revoked it (their e-mail), when it was a user. */
  by: string | null;
}

/**
 * Revokes the company's current seal certificate (a lost or compromised key): the CA's CRL lists it from
 * `at` on, the seal's key is deleted, the pair is kept in the archive (what it sealed before still checks
 * against it), and the next certificate issued is sealed by a new seal. Null when there is no seal.
 */
export async function revokeCompanySeal(
  k: Knex,
  companyId: string,
  r: { reason: string; by: string | null; at?: Date },
  caSecret?: string,
): Promise<SealRevocation | null> {
  const row = await k('company_cas').where({ company_id: companyId }).first('certificate_pem', 'key_pem', 'seal_certificate_pem');
  if (!row?.seal_certificate_pem) return null;
  // taken first, and only if it is still this seal: of two revocations at once, the second finds it gone (null)
  const taken = await k('company_cas')
    .where({ company_id: companyId, seal_certificate_pem: row.seal_certificate_pem })
    .update({ seal_key_pem: null, seal_certificate_pem: null });
  if (!taken) return null;
  const seal = new X509Certificate(row.seal_certificate_pem);
  // from the start of this second: a CRL states whole seconds, so every verifier (this server's check and a
  // third party's reading the CRL) draws the line at the same instant, refusing rather than accepting within it
  const at = r.at ?? new Date(Math.floor(Date.now() / 1000) * 1000);
  const revocation: SealRevocation = {
    serial: seal.serialNumber.toUpperCase(),
    caFingerprint: fingerprintHex(row.certificate_pem),
    revokedAt: at.toISOString(),
    reason: r.reason,
    by: r.by ? (((await k('users').where({ id: r.by }).first('email'))?.email as string | undefined) ?? null) : null,
  };
  await k('seal_revocations').insert({
    company_id: companyId,
    ca_fingerprint: revocation.caFingerprint,
    serial: revocation.serial,
    seal_certificate_pem: row.seal_certificate_pem,
    revoked_at: at,
    reason: r.reason,
    revoked_by: r.by,
  });
  await k('company_ca_archive').insert({ company_id: companyId, certificate_pem: row.certificate_pem, seal_certificate_pem: row.seal_certificate_pem });
  await keep(
    k,
    companyId,
    revocation.caFingerprint,
    await signCrl(k, companyId, { pem: row.certificate_pem, fingerprint: revocation.caFingerprint }, row.key_pem, caSecret),
  );
  return revocation;
}

/** The seal certificates the company revoked, newest first. */
export async function sealRevocations(k: Knex, companyId: string): Promise<SealRevocation[]> {
  const rows = await k('seal_revocations as r')
    .leftJoin('users as u', 'u.id', 'r.revoked_by')
    .where({ 'r.company_id': companyId })
    .orderBy('r.revoked_at', 'desc')
    .select('r.serial', 'r.ca_fingerprint', 'r.revoked_at', 'r.reason', 'u.email');
  return rows.map((x) => ({
    serial: x.serial,
    caFingerprint: x.ca_fingerprint,
    revokedAt: new Date(x.revoked_at).toISOString(),
    reason: x.reason,
    by: (x.email as string | null) ?? null,
  }));
}
