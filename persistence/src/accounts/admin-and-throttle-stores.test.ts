import type { Db } from '../db';
import { createStores, type Stores } from '../stores';
import { createTestDb, createTestCompany, createTestUser } from '../testing';

let db: Db;
let stores: Stores;
beforeAll(async () => {
  db = await createTestDb();
  stores = createStores(db.knex);
});
afterAll(() => db.close());

const company = (name: string) => createTestCompany(stores, name);
const user = (companyId: string, role: string) => createTestUser(stores, companyId, role);

describe('admin flag', () => {
  it('moves with the role admin, counts only active admins, and no group rename touches it', async () => {
    const co = await company('Flag Co');
    const admin = await user(co.id, 'admin');
    const other = await user(co.id, 'admin');
    const staff = await user(co.id, 'admin');
    expect(admin.isAdmin).toBe(true);
    await stores.users.update(staff.id, { role: 'staff' });
    expect((await stores.users.byId(staff.id))!.isAdmin).toBe(false);
    await stores.users.update(other.id, { status: 'locked' });
    expect(await stores.users.countActiveAdmins(co.id)).toBe(1);
    expect(await stores.users.countActiveAdmins(co.id, admin.id)).toBe(0);
    // A group older data calls "admin": renaming it renames its non-admin members only.
    const legacy = await stores.groups.create(co.id, { groupName: 'admin', status: 'active', roles: ['viewInfo'] });
    await db.knex('users').where({ id: staff.id }).update({ role: 'Admin' });
    await stores.groups.updateWithMembers(legacy, { groupName: 'ops', status: 'active', roles: ['viewInfo'] });
    expect((await stores.users.byId(admin.id))!).toMatchObject({ role: 'admin', isAdmin: true });
    expect((await stores.users.byId(staff.id))!).toMatchObject({ role: 'ops', isAdmin: false });
  });
});

describe('sign-in failures', () => {
  const since = () => new Date(Date.now() - 3600_000);
  it("counts per account and address, reset only by that pair's own success", async () => {
    for (let i = 0; i < 3; i++) await stores.authLog.attempt('pat@stores.test', '10.0.0.1', false);
    await stores.authLog.attempt('pat@stores.test', '10.0.0.2', false);
    await stores.authLog.attempt('kim@stores.test', '10.0.0.1', false);
    const f = await stores.authLog.loginFailures('PAT@stores.test', '10.0.0.1', since());
    expect(f.pair.count).toBe(3);
    expect(f.address.count).toBe(4);
    expect(f.pair.last).toBeInstanceOf(Date);
    // Someone else's success (another address) does not clear this pair; the pair's own does.
    await stores.authLog.attempt('pat@stores.test', '10.0.0.2', true);
    expect((await stores.authLog.loginFailures('pat@stores.test', '10.0.0.1', since())).pair.count).toBe(3);
    await stores.authLog.attempt('pat@stores.test', '10.0.0.1', true);
    const after = await stores.authLog.loginFailures('pat@stores.test', '10.0.0.1', since());
    expect(after.pair).toEqual({ count: 0, last: null });
    expect(after.address.count).toBe(4);
  });
});
