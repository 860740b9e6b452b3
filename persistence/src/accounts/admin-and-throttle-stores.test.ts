import type { Db } from '../db';
import { KnexAuthLogStore } from './auth-log-store';
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

  it('keeps only what a throttle still reads: failures within the longest window, the last success of each pair within knownForMs', async () => {
    const day = 86_400_000;
    const row = (email: string, ip: string, succeeded: boolean, agoMs: number) => ({ email, ip, succeeded, created_at: new Date(Date.now() - agoMs) });
    await db.knex('login_attempts').insert([
      row('prune@stores.test', '10.1.0.1', false, 25 * 3_600_000), // past every failure window
      row('prune@stores.test', '10.1.0.1', false, 3_600_000 / 2), // still counted
      row('prune@stores.test', '10.1.0.1', true, 91 * day), // no longer makes the address known
      row('prune@stores.test', '10.1.0.2', true, 3 * day), // an older success of a pair with a newer one
      row('prune@stores.test', '10.1.0.2', true, 1 * day),
      row('prune@stores.test', '10.1.0.3', true, 30 * day), // the only success of its pair: the address stays known
    ]);
    const history = (ip: string) => stores.authLog.signInHistory('prune@stores.test', ip);
    const before = await Promise.all(['10.1.0.1', '10.1.0.2', '10.1.0.3'].map(history));
    // a fresh store (a process starting) prunes with its first attempt; then at most once an hour
    const log = new KnexAuthLogStore(db.knex);
    await log.attempt('other@stores.test', '10.1.9.9', false);
    const left = await db.knex('login_attempts').where({ email: 'prune@stores.test' }).orderBy('created_at');
    expect(left.map((r) => [r.ip, r.succeeded])).toEqual([
      ['10.1.0.3', true],
      ['10.1.0.2', true],
      ['10.1.0.1', false],
    ]);
    // what the throttle reads is the same as before
    expect(await Promise.all(['10.1.0.1', '10.1.0.2', '10.1.0.3'].map(history))).toEqual(before);
    // within the hour the next attempt does not prune again
    await db.knex('login_attempts').insert(row('prune@stores.test', '10.1.0.1', false, 26 * 3_600_000));
    await log.attempt('other@stores.test', '10.1.9.9', false);
    expect(Number((await db.knex('login_attempts').where({ email: 'prune@stores.test' }).count<{ n: string }[]>({ n: '*' }))[0].n)).toBe(4);
  });
});
