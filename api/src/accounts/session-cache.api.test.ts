import request from 'supertest';
import { openDb, type Db } from '@grain/persistence';
import { createTestDb, heardLate } from '@grain/persistence/testing';
import { createTestApp, type TestApp } from '../testing/test-app';
import { loginAs, seedCompanyWithUsers, TEST_ORIGIN, TEST_PASSWORD, type Agent, type SeededCompany } from '../testing/session';

/**
 * The session cache (issue 29 item 4): two API instances, each with its own session cache and, on
 * Postgres, its own database handle (as two API processes have); a write through one holds in the other
 * from the very next request. B hears every notification 300 ms late (a loaded host: a CI run saw B
 * answer one request from memory after A's answer, when B still trusted what it had heard), so a B
 * that answers before it has caught up fails. On PGlite (one process) both share the one handle.
 */
let shared: Db & { url?: string };
let second: Db | undefined;
let a: TestApp;
let b: TestApp;
let co: SeededCompany;

beforeAll(async () => {
  shared = await createTestDb();
  second = shared.url ? await openDb({ databaseUrl: shared.url }) : undefined;
  a = await createTestApp({}, { db: shared, sessionCache: true });
  const bDb = second ?? shared;
  b = await createTestApp({}, { db: { ...bDb, notifications: heardLate(bDb.notifications, 300) }, sessionCache: true });
  co = await seedCompanyWithUsers(shared.knex, 'Cache Co', ['admin', 'manager', 'staff', 'signer']);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await second?.close();
  await shared?.close();
});

/** The cookie an agent signed in with, to send the same session to the other instance. */
async function sessionOf(email: string): Promise<{ agent: Agent; cookie: string }> {
  const agent = await loginAs(a.app, email, TEST_PASSWORD);
  const cookie = agent.jar.getCookie('grain_sid', { domain: '127.0.0.1', path: '/', secure: false, script_only: false } as never);
  if (!cookie) throw new Error('no session cookie');
  return { agent, cookie: `grain_sid=${cookie.value}` };
}
const onB = (path: string, cookie: string) => request(b.app).get(path).set('Origin', TEST_ORIGIN).set('Cookie', cookie);

describe('session cache across two API instances', () => {
  it('a user locked through A is refused by B on the very next request', async () => {
    const staff = await sessionOf(co.users.staff.email);
    // B has the session in memory: it answered twice
    expect((await onB('/api/auth/current_user', staff.cookie)).status).toBe(200);
    expect((await onB('/api/auth/current_user', staff.cookie)).status).toBe(200);
    const admin = await loginAs(a.app, co.users.admin.email, TEST_PASSWORD);
    expect((await admin.post(`/api/company/user/${co.users.staff.id}/update`).send({ status: 'locked' })).status).toBe(200);
    expect((await onB('/api/auth/current_user', staff.cookie)).status).toBe(401);
  });

  it("a group's permissions changed through A hold in B from the very next request", async () => {
    const manager = await sessionOf(co.users.manager.email);
    expect((await onB('/api/company/users?page=1&pageSize=5', manager.cookie)).status).toBe(200);
    expect((await onB('/api/company/users?page=1&pageSize=5', manager.cookie)).status).toBe(200);
    const admin = await loginAs(a.app, co.users.admin.email, TEST_PASSWORD);
    const res = await admin.post(`/api/company/group/${co.groups.manager}/update`).send({ groupName: 'manager', status: 'active', roles: ['viewInfo'] });
    expect(res.status).toBe(200);
    expect((await onB('/api/company/users?page=1&pageSize=5', manager.cookie)).status).toBe(403);
  });

  it('a session signed out in A is refused by B on the very next request', async () => {
    const signer = await sessionOf(co.users.signer.email);
    expect((await onB('/api/auth/current_user', signer.cookie)).status).toBe(200);
    expect((await onB('/api/auth/current_user', signer.cookie)).status).toBe(200);
    expect((await signer.agent.post('/api/auth/logout')).status).toBeLessThan(400);
    expect((await onB('/api/auth/current_user', signer.cookie)).status).toBe(401);
  });

  it('a deleted user is refused by B on the very next request', async () => {
    const made = await createUserThroughA('gone@cache-co.test');
    const gone = await sessionOf('gone@cache-co.test');
    expect((await onB('/api/auth/current_user', gone.cookie)).status).toBe(200);
    expect((await onB('/api/auth/current_user', gone.cookie)).status).toBe(200);
    const admin = await loginAs(a.app, co.users.admin.email, TEST_PASSWORD);
    expect((await admin.post(`/api/company/user/${made}/delete`)).status).toBeLessThan(400);
    expect((await onB('/api/auth/current_user', gone.cookie)).status).toBe(401);
  });
});

async function createUserThroughA(email: string): Promise<string> {
  const admin = await loginAs(a.app, co.users.admin.email, TEST_PASSWORD);
  const res = await admin
    .post('/api/company/user/create')
    .send({ email, password: TEST_PASSWORD, passwordConfirm: TEST_PASSWORD, firstname: 'Gone', lastname: 'User', role: 'staff' });
  if (res.status !== 201) throw new Error(`create user: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.user._id;
}

describe('the cache serves', () => {
  /** The statements the database ran while `f` ran, on one instance's handle. */
  async function statements(db: Db, f: () => Promise<unknown>): Promise<string[]> {
    const sql: string[] = [];
    const count = (q: { sql: string }) => void sql.push(q.sql);
    db.knex.on('query', count);
    try {
      await f();
    } finally {
      db.knex.removeListener('query', count);
    }
    return sql;
  }

  it('a second authenticated request reads fewer statements than without the cache', async () => {
    const bare = await createTestApp({}, { db: second ?? shared });
    try {
      const staff = await sessionOf(co.users.manager.email);
      const get = (app: TestApp) => () => request(app.app).get('/api/auth/current_user').set('Origin', TEST_ORIGIN).set('Cookie', staff.cookie).expect(200);
      await get(b)();
      await get(bare)();
      const cached = await statements(second ?? shared, get(b));
      const uncached = await statements(second ?? shared, get(bare));
      expect(cached.length).toBeLessThan(uncached.length);
      // the session lookup is what memory answered
      expect(uncached.filter((q) => /from sessions/.test(q))).toHaveLength(1);
      expect(cached.filter((q) => /from sessions/.test(q))).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });
});
