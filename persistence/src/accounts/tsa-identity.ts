import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { Knex } from 'knex';
import { addYears, storedKey } from './company-ca';
import { unwrapCached } from './key-wrap';
import { issueCertificate } from './x509';

/** The embedded time-stamping authority: its key and self-signed certificate. */
export interface TsaIdentity {
  privateKey: KeyObject;
  certificatePem: string;
}

/**
 * The embedded time-stamping authority's key and certificate, made on first use: this server's own TSA,
 * named as such ("not a qualified time-stamping authority") so no reader mistakes it for a public one.
 */
export async function embeddedTsaIdentity(k: Knex, caSecret?: string): Promise<TsaIdentity> {
  // made once: read once (a second read only after this call made it, or lost the race to make it)
  let row = await k('timestamp_authority').where({ id: 'embedded' }).first();
  if (!row) {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const now = new Date();
    const dn = { commonName: 'Grain certificates embedded time-stamping authority', organization: 'This server, not a qualified TSA' };
    const cert = issueCertificate({
      subject: dn,
      subjectPublicKey: publicKey,
      issuer: dn,
      issuerPrivateKey: privateKey,
      issuerPublicKey: publicKey,
      notBefore: new Date(now.getTime() - 60_000),
      notAfter: addYears(now, 20),
      isCa: false,
      timeStamping: true,
    });
    await k('timestamp_authority')
      .insert({ id: 'embedded', key_pem: await storedKey(privateKey, caSecret), certificate_pem: cert.pem })
      .onConflict('id')
      .ignore();
    row = await k('timestamp_authority').where({ id: 'embedded' }).first();
  }
  return { privateKey: await unwrapCached(String(row.key_pem), caSecret), certificatePem: row.certificate_pem };
}
