import type { Db } from '../db';
import { createTestDb, createTestCompany } from '../testing';
import { createStores, type Stores } from '../stores';

/**
 * A company's CA retired when it no longer names the company (its name changed): the store answers
 * whether it retired it, on either database (PGlite when DATABASE_URL is unset, else Postgres).
 */
let db: Db;
let stores: Stores;
beforeAll(async () => {
  db = await createTestDb();
  stores = createStores(db.knex);
});
afterAll(() => db.close());

describe('retiring a stale company CA', () => {
  it('answers true when it retired the CA (archived, gone from the current ones), false when there is nothing to retire', async () => {
    const company = await createTestCompany(stores, 'Old Name Grain');
    await stores.signatures.companySeal(company);
    const caPem = (await db.knex('company_cas').where({ company_id: company.id }).first()).certificate_pem;
    // the CA still names the company: nothing to retire
    expect(await stores.signatures.retireStaleCompanyCa(company.id)).toBe(false);

    await stores.companies.update(company.id, { name: 'New Name Grain' });
    expect(await stores.signatures.retireStaleCompanyCa(company.id)).toBe(true);
    expect(await db.knex('company_cas').where({ company_id: company.id })).toHaveLength(0);
    expect((await db.knex('company_ca_archive').where({ company_id: company.id })).map((r) => r.certificate_pem)).toEqual([caPem]);
    // retired already: nothing left to retire
    expect(await stores.signatures.retireStaleCompanyCa(company.id)).toBe(false);
  });
});
