import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../db';
import { createTestDb, createTestCompany } from '../testing';
import { createStores, type Stores } from '../stores';

/**
 * Keys at rest (issue 26 item 7): the company CA and seal keys and users' personal keys are wrapped with
 * PBKDF2-HMAC-SHA256 at 600,000 iterations (read back here with openssl, not with our code), keys stored
 * before (plaintext, or at OpenSSL's default 2,048) are wrapped again, and the KDF is paid once per process
 * for a company key, not on every seal.
 */
let db: Db;
let stores: Stores;
beforeAll(async () => {
  db = await createTestDb();
  stores = createStores(db.knex);
});
afterAll(() => db.close());

const dir = mkdtempSync(path.join(tmpdir(), 'grain-keys-'));
let files = 0;
/** The PBKDF2 iteration count of a stored key, as `openssl asn1parse` reads it (0: not encrypted). */
function iterations(pem: string): number {
  const file = path.join(dir, `k${++files}.pem`);
  writeFileSync(file, pem);
  if (!/ENCRYPTED PRIVATE KEY/.test(pem)) return 0;
  const out = execFileSync('openssl', ['asn1parse', '-in', file], { encoding: 'utf8' });
  expect(out).toMatch(/:PBKDF2/);
  expect(out).toMatch(/:hmacWithSHA256/);
  const m = /PBKDF2[\s\S]*?OCTET STRING[^\n]*\n[^\n]*INTEGER\s*:([0-9A-F]+)/.exec(out);
  return m ? parseInt(m[1], 16) : -1;
}
/** openssl unwraps it with the passphrase (a standard encrypted PKCS#8). */
function opensslOpens(pem: string, passphrase: string): boolean {
  const file = path.join(dir, `k${++files}.pem`);
  writeFileSync(file, pem);
  try {
    execFileSync('openssl', ['pkey', '-in', file, '-passin', `pass:${passphrase}`, '-noout'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

async function owner(name: string) {
  const company = await createTestCompany(stores, name);
  const user = await stores.users.create({
    email: `${name.replace(/\W/g, '')}@keys.test`,
    passwordHash: 'x',
    firstname: 'Kim',
    lastname: name,
    role: 'signer',
    companyId: company.id,
  });
  return { company, user };
}

describe('keys at rest', () => {
  it('wraps the company CA and seal keys under CA_KEY_SECRET with PBKDF2-HMAC-SHA256 at 600,000 iterations', async () => {
    const { company } = await owner('Wrap Co');
    await stores.signatures.companySeal(company, 'ca-secret-1');
    const row = await db.knex('company_cas').where({ company_id: company.id }).first();
    expect(iterations(row.key_pem)).toBeGreaterThanOrEqual(600_000);
    expect(iterations(row.seal_key_pem)).toBeGreaterThanOrEqual(600_000);
    expect(opensslOpens(row.key_pem, 'ca-secret-1')).toBe(true);
    expect(opensslOpens(row.key_pem, 'another')).toBe(false);
  });

  it("wraps a user's personal key under their signature password at the same cost", async () => {
    const o = await owner('Person Co');
    await stores.signatures.issue(o, 'Sign#2025', '2025-06-01');
    const row = await db.knex('signatures').where({ user_id: o.user.id }).first();
    expect(iterations(row.private_key_pem)).toBeGreaterThanOrEqual(600_000);
    expect(opensslOpens(row.private_key_pem, 'Sign#2025')).toBe(true);
  });

  it("wraps again at start the keys stored in plaintext or at OpenSSL's default count; a personal key on its next use", async () => {
    const { company } = await owner('Old Keys Co');
    await stores.signatures.companySeal(company); // no secret: plaintext, as before CA_KEY_SECRET was set
    const before = await db.knex('company_cas').where({ company_id: company.id }).first();
    expect(iterations(before.key_pem)).toBe(0);
    // a key wrapped the old way (Node's export: 2,048 iterations)
    const { createPrivateKey } = await import('node:crypto');
    const weak = createPrivateKey(before.seal_key_pem).export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'ca-secret-2' }) as string;
    expect(iterations(weak)).toBe(2048);
    await db.knex('company_cas').where({ company_id: company.id }).update({ seal_key_pem: weak });

    expect(await stores.signatures.rewrapCompanyKeys('ca-secret-2')).toBeGreaterThanOrEqual(2);
    const after = await db.knex('company_cas').where({ company_id: company.id }).first();
    expect(iterations(after.key_pem)).toBeGreaterThanOrEqual(600_000);
    expect(iterations(after.seal_key_pem)).toBeGreaterThanOrEqual(600_000);
    expect(opensslOpens(after.seal_key_pem, 'ca-secret-2')).toBe(true);
    // the same key, not a new one: the certificates stand
    expect(after.certificate_pem).toBe(before.certificate_pem);
    const seal = await stores.signatures.companySeal(company, 'ca-secret-2');
    expect(seal.certificatePem).toBe(before.seal_certificate_pem);
    // a secret that does not open them stops the start with a message naming the company
    await db.knex('company_cas').where({ company_id: company.id }).update({ seal_key_pem: weak });
    await expect(stores.signatures.rewrapCompanyKeys('wrong-secret')).rejects.toThrow(new RegExp(`CA_KEY_SECRET does not open .* ${company.id}`));

    // a personal key wrapped the old way is wrapped again the next time its password unlocks it
    const o = await owner('Old Person Co');
    await stores.signatures.issue(o, 'Sign#2025', '2025-06-01');
    const row = await db.knex('signatures').where({ user_id: o.user.id }).first();
    const { unwrapPrivateKey } = await import('./key-wrap');
    const oldWay = (await unwrapPrivateKey(row.private_key_pem, 'Sign#2025')).export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: 'Sign#2025',
    }) as string;
    await db.knex('signatures').where({ user_id: o.user.id }).update({ private_key_pem: oldWay });
    await stores.signatures.sign(o.user.id, 'Sign#2025', Buffer.from('hash'));
    const rewrapped = await db.knex('signatures').where({ user_id: o.user.id }).first();
    expect(iterations(rewrapped.private_key_pem)).toBeGreaterThanOrEqual(600_000);
  });

  it('pays the KDF once per process for a company key: sealing again does not unwrap again', async () => {
    const { company } = await owner('Fast Co');
    await stores.signatures.companySeal(company, 'ca-secret-3');
    const t0 = performance.now();
    for (let i = 0; i < 10; i++) await stores.signatures.companySeal(company, 'ca-secret-3');
    // one unwrap costs ~0.3 s (600,000 iterations); ten uses of the cached keys take a fraction of one
    expect((performance.now() - t0) / 10).toBeLessThan(100);
  });
});
