import { X509Certificate } from 'node:crypto';
import type { Db } from '../db';
import { createTestDb, createTestCompany } from '../testing';
import { createStores, type Stores } from '../stores';

let db: Db;
let stores: Stores;
beforeAll(async () => {
  db = await createTestDb();
  stores = createStores(db.knex);
});
afterAll(() => db.close());

async function person(name: string) {
  const company = await createTestCompany(stores, name);
  const user = await stores.users.create({
    email: `${name.replace(/\W/g, '')}@sig.test`,
    passwordHash: 'x',
    firstname: 'Sam',
    lastname: name,
    role: 'signer',
    companyId: company.id,
  });
  return { user, company };
}
const data = Buffer.from('certificate content hash');

describe('user signatures', () => {
  it('signs with the password-unlocked key; a verifier finds the issuing company CA', async () => {
    const owner = await person('North Co');
    await stores.signatures.issue(owner, 'Pw#123456', '2025-06-01');
    const s = await stores.signatures.sign(owner.user.id, 'Pw#123456', data);
    expect(await stores.signatures.verify({ data, signature: s.signature, certificatePem: s.certificatePem })).toEqual({
      valid: true,
      userId: owner.user.id,
      companyId: owner.company.id,
      signerName: 'Sam North Co',
    });
  });

  it('refuses a certificate that claims a company CA it was not issued by', async () => {
    const honest = await person('West Co');
    const forger = await person('East Co');
    await stores.signatures.issue(honest, 'Pw#123456', '2025-06-01');
    // The forger issues under their own CA, then swaps in the honest company's CA certificate row.
    await stores.signatures.issue(forger, 'Pw#123456', '2025-06-01');
    const s = await stores.signatures.sign(forger.user.id, 'Pw#123456', data);
    const honestCa = await db.knex('company_cas').where({ company_id: honest.company.id }).first();
    await db.knex('company_cas').where({ company_id: forger.company.id }).update({ certificate_pem: honestCa.certificate_pem });
    expect(await stores.signatures.verify({ data, signature: s.signature, certificatePem: s.certificatePem })).toMatchObject({
      valid: false,
      reason: 'not-issued-by-ca',
    });
    expect(await stores.signatures.verify({ data, signature: s.signature, certificatePem: 'garbage' })).toEqual({ valid: false, reason: 'bad-certificate' });
  });

  it('will not sign before the effective date, and needs a signature to exist', async () => {
    const owner = await person('Future Co');
    await expect(stores.signatures.sign(owner.user.id, 'Pw#123456', data)).rejects.toMatchObject({ code: 'SIGNATURE_MISSING' });
    await stores.signatures.issue(owner, 'Pw#123456', '2099-01-01');
    await expect(stores.signatures.sign(owner.user.id, 'Pw#123456', data)).rejects.toMatchObject({ code: 'SIGNATURE_NOT_EFFECTIVE' });
  });

  it('keeps the CA key encrypted under a deployment secret when given one', async () => {
    const { company } = await person('Secret Co');
    const ca = await stores.signatures.ensureCompanyCa(company, 'deployment-secret');
    expect((await db.knex('company_cas').where({ company_id: company.id }).first()).key_pem).toContain('ENCRYPTED PRIVATE KEY');
    expect(ca.certificate.ca).toBe(true);
    expect(new X509Certificate(ca.certificatePem).subject).toContain(`UID=${company.id}`);
    const again = await stores.signatures.ensureCompanyCa(company, 'deployment-secret');
    expect(again.certificatePem).toBe(ca.certificatePem);
  });

  it('keeps one current key per user: a second one at once is refused, a re-issue retires the old key and wipes its private key', async () => {
    const owner = await person('Keys Co');
    const both = await Promise.allSettled([
      stores.signatures.issue(owner, 'Pw#123456', '2025-06-01'),
      stores.signatures.issue(owner, 'Pw#654321', '2025-06-01'),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'SIGNATURE_EXISTS' } });
    const first = (await stores.signatures.ofUser(owner.user.id))!;
    const password = (both[0].status === 'fulfilled' ? 'Pw#123456' : 'Pw#654321') as string;
    const signed = await stores.signatures.sign(owner.user.id, password, data);
    const next = await stores.signatures.reissue(owner, first.id, password, 'Pw#999999', '2025-07-01');
    expect(next.id).not.toBe(first.id);
    expect((await stores.signatures.ofUser(owner.user.id))?.id).toBe(next.id);
    const old = await db.knex('signatures').where({ id: first.id }).first();
    expect(old).toMatchObject({ private_key_pem: null, retired_by: owner.user.id });
    expect(old.retired_at).not.toBeNull();
    // what the old key signed still verifies against its certificate, which stays findable by its GUID
    expect((await stores.signatures.byGuids(owner.company.id, [first.guid])).get(first.guid)?.certificatePem).toBe(first.certificatePem);
    expect(await stores.signatures.verify({ data, signature: signed.signature, certificatePem: first.certificatePem })).toMatchObject({ valid: true });
    // a retired key is not re-issued or reset again
    await expect(stores.signatures.reissue(owner, first.id, 'Pw#999999', 'Pw#111111', '2025-08-01')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await stores.signatures.reset(owner.company.id, first.id, owner.user.id)).toBe(false);
    expect(await stores.signatures.reset(owner.company.id, next.id, owner.user.id)).toBe(true);
    expect(await stores.signatures.ofUser(owner.user.id)).toBeNull();
  });
});
