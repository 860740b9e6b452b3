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
});
