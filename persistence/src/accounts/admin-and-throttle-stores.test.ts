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

describe('sign-in history', () => {
  it("counts per account and address, reset only by that pair's own success; per account from anywhere; per address", async () => {
    for (let i = 0; i < 3; i++) await stores.authLog.attempt('pat@stores.test', '10.0.0.1', false);
    await stores.authLog.attempt('pat@stores.test', '10.0.0.2', false);
    await stores.authLog.attempt('kim@stores.test', '10.0.0.1', false);
    const f = await stores.authLog.signInHistory('PAT@stores.test', '10.0.0.1');
    expect([f.pair.count, f.account.count, f.address.count, f.knownAddress]).toEqual([3, 4, 4, false]);
    expect(f.pair.last).toBeInstanceOf(Date);
    // Someone else's success (another address) does not clear this pair; the pair's own does.
    await stores.authLog.attempt('pat@stores.test', '10.0.0.2', true);
    expect((await stores.authLog.signInHistory('pat@stores.test', '10.0.0.1')).pair.count).toBe(3);
    await stores.authLog.attempt('pat@stores.test', '10.0.0.1', true);
    const after = await stores.authLog.signInHistory('pat@stores.test', '10.0.0.1');
    expect(after.pair).toEqual({ count: 0, last: null });
    // the account's failures from everywhere stay counted; the address is now known to the account
    expect([after.account.count, after.address.count, after.knownAddress]).toEqual([4, 4, true]);
    expect((await stores.authLog.signInHistory('kim@stores.test', '10.0.0.1')).knownAddress).toBe(false);
  });
  it('forgets a known address after LOGIN_THROTTLE.knownForMs', async () => {
    await stores.authLog.attempt('old@stores.test', '10.0.9.9', true);
    await db
      .knex('login_attempts')
      .where({ email: 'old@stores.test' })
      .update({ created_at: new Date(Date.now() - 91 * 86_400_000) });
    expect((await stores.authLog.signInHistory('old@stores.test', '10.0.9.9')).knownAddress).toBe(false);
  });
});
