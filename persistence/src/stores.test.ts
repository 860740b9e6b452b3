import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import { createTestDb, createTestCompany } from './testing';
import { createStores, type Stores } from './stores';

let db: Db;
let stores: Stores;
beforeAll(async () => {
  db = await createTestDb();
  stores = createStores(db.knex);
});
afterAll(() => db.close());

let n = 0;
async function companyWithUser(role = 'staff') {
  n += 1;
  const company = await createTestCompany(stores, `Stores Co ${n}`);
  const user = await stores.users.create({
    email: `u${n}@stores.test`,
    passwordHash: 'x',
    firstname: 'Sam',
    lastname: `User${n}`,
    role,
    companyId: company.id,
  });
  return { company, user };
}

describe('createStores', () => {
  it('commits the writes of a transaction together, and none of them when it throws', async () => {
    const { company, user } = await companyWithUser();
    await expect(
      stores.transaction(async (tx) => {
        await tx.users.update(user.id, { firstname: 'Changed' });
        await tx.live.publish({ companyId: company.id, type: 'probe', data: null });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await stores.users.byId(user.id))!.firstname).toBe('Sam');
    expect(await stores.live.after(0, { user: { userId: user.id, companyId: company.id } })).toEqual([]);

    await stores.transaction(async (tx) => {
      await tx.users.update(user.id, { firstname: 'Kept' });
      await tx.live.publish({ companyId: company.id, userId: user.id, type: 'probe', data: { ok: true } });
    });
    expect((await stores.users.byId(user.id))!.firstname).toBe('Kept');
    expect((await stores.live.after(0, { user: { userId: user.id, companyId: company.id } })).map((e) => [e.type, e.data])).toEqual([['probe', { ok: true }]]);
  });

  it('runs a keyed step once and answers its first result to a retry', async () => {
    const key = `once-${randomUUID()}`;
    let runs = 0;
    const step = async () => ({ run: ++runs });
    expect(await stores.activityResults.once(key, step)).toEqual({ run: 1 });
    expect(await stores.activityResults.once(key, step)).toEqual({ run: 1 });
    expect(runs).toBe(1);
  });

  it("renames the role of a group's members with the group, in the company of the group only", async () => {
    const a = await companyWithUser('Inspectors');
    const b = await companyWithUser('Inspectors');
    const group = await stores.groups.create(a.company.id, { groupName: 'Inspectors', status: 'active', roles: ['viewApproval'] });
    await stores.groups.updateWithMembers(group, { groupName: 'Auditors', status: 'active', roles: ['viewApproval'] });
    expect((await stores.users.byId(a.user.id))!.role).toBe('Auditors');
    expect((await stores.users.byId(b.user.id))!.role).toBe('Inspectors');
    expect((await stores.groups.byId(a.company.id, group.id))!.groupName).toBe('Auditors');
  });

  it('counts the reset tokens sent to a user since a moment, used ones included', async () => {
    const { user } = await companyWithUser();
    const before = new Date(Date.now() - 1000);
    await stores.resetTokens.issue(user.id);
    await stores.resetTokens.voidFor(user.id);
    await stores.resetTokens.issue(user.id);
    expect(await stores.resetTokens.countIssuedSince(user.id, before)).toBe(2);
    expect(await stores.resetTokens.countIssuedSince(user.id, new Date(Date.now() + 60_000))).toBe(0);
  });

  it('starts a compliance audit with its documents and finds the company of a submission by id', async () => {
    const { company, user } = await companyWithUser();
    const id = randomUUID();
    await stores.compliance.ensure(id, { companyId: company.id, userId: user.id });
    const doc = await stores.compliance.addDocument({
      companyId: company.id,
      userId: user.id,
      complianceId: id,
      documentType: 'haccp_plan_update',
      fileName: 'plan.pdf',
      storageKey: 'k',
      size: 1,
    });
    await stores.compliance.startAudit(id, { haccp_plan_update: doc.id, establishment_update: null });
    const row = (await stores.compliance.byId(id, company.id))!;
    expect(row.status).toBe('auditing');
    expect(row.documents.haccp_plan_update).toBe(doc.id);
    expect(await stores.compliance.companyOf(id)).toBe(company.id);
    expect(await stores.compliance.companyOf(randomUUID())).toBeNull();
  });
});
