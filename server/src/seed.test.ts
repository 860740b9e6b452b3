import { createStores, type Db } from '@grain/persistence';
import { createTestDb } from '@grain/persistence/testing';
import { seedDemoData } from './seed';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

it('seeds Riverina Grain Co once, with users per role whose passwords and signatures work', async () => {
  const logins = await seedDemoData(createStores(db.knex));
  expect(logins?.map((l) => l.role)).toEqual(['admin', 'manager', 'staff', 'signer', 'signer', 'signer']);
  expect(await seedDemoData(createStores(db.knex))).toBeNull();
  const company = await db.knex('companies').first();
  expect(company.name).toBe('Riverina Grain Co');
  expect((await db.knex('groups').where({ company_id: company.id })).map((g: { group_name: string }) => g.group_name).sort()).toEqual([
    'admin',
    'manager',
    'signer',
    'staff',
  ]);
  const { verifyPassword } = await import('@grain/persistence');
  for (const l of logins!) {
    const u = await db.knex('users').whereRaw('lower(email) = lower(?)', [l.email]).first();
    expect(await verifyPassword(l.password, u.password_hash)).toBe(true);
    if (l.signaturePassword) {
      const data = Buffer.from(`content hash for ${l.email}`);
      const { signatures } = createStores(db.knex);
      const s = await signatures.sign(u.id, l.signaturePassword, data);
      expect(await signatures.verify({ data, signature: s.signature, certificatePem: s.certificatePem })).toMatchObject({
        valid: true,
        userId: u.id,
        companyId: company.id,
      });
    }
  }
});

it('gives each demo role the work of the people it is for: staff assemble certificates (create, resubmit, templates) but do not sign or run the company', async () => {
  const fresh = await createTestDb();
  try {
    await seedDemoData(createStores(fresh.knex));
    const roles = async (name: string) => ((await fresh.knex('groups').where({ group_name: name }).first()).roles as string[]).sort();
    const staff = await roles('staff');
    expect(staff).toEqual(expect.arrayContaining(['editApproval', 'viewApproval', 'editDocument', 'viewDocument']));
    expect(staff).not.toContain('signApproval');
    expect(staff).not.toContain('editSystem');
    expect(await roles('signer')).toContain('signApproval');
    expect(await roles('signer')).not.toContain('editApproval');
  } finally {
    await fresh.close();
  }
});
