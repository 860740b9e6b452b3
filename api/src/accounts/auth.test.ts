import request from 'supertest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { browserAgent, loginAs, seedCompanyWithUsers, TEST_ORIGIN, TEST_PASSWORD, type SeededCompany } from '../testing/session';

let t: TestApp;
let acme: SeededCompany;
const cookieOf = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('grain_sid='));
const sidOf = (res: request.Response) => /grain_sid=([^;]*)/.exec(cookieOf(res) ?? '')?.[1];

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedCompanyWithUsers(t.db.knex, 'Acme Grain', ['admin', 'manager', 'staff', 'signer']);
});
afterAll(() => t.close());
// Each test starts with a clean sign-in log, so throttling from one test does not leak into the next.
beforeEach(() => t.db.knex('login_attempts').delete());

describe('sign-in', () => {
  it('signs in with the right password: user with company, an HttpOnly SameSite=Lax cookie, logged', async () => {
    const res = await browserAgent(t.app).post('/api/auth/login').send({ email: acme.users.admin.email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ _id: acme.users.admin.id, email: acme.users.admin.email, role: 'admin', status: 'active' });
    expect(res.body.user.company).toMatchObject({ _id: acme.companyId, name: 'Acme Grain' });
    expect(res.body.company._id).toBe(acme.companyId);
    const cookie = cookieOf(res)!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const events = await t.deps.stores.authLog.events({ kind: 'login_ok', userId: acme.users.admin.id });
    expect(events.length).toBeGreaterThan(0);
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://grain.example.com' });
    try {
      const co = await seedCompanyWithUsers(https.db.knex, 'Secure Co', ['admin']);
      const res = await request(https.app)
        .post('/api/auth/login')
        .set('Origin', 'https://grain.example.com')
        .send({ email: co.users.admin.email, password: TEST_PASSWORD });
      expect(res.status).toBe(200);
      expect(cookieOf(res)).toMatch(/Secure/);
    } finally {
      await https.close();
    }
  });

  it('refuses a wrong password and an unknown e-mail alike (401, logged)', async () => {
    const wrong = await browserAgent(t.app).post('/api/auth/login').send({ email: acme.users.staff.email, password: 'Wrong#pass1' });
    const unknown = await browserAgent(t.app).post('/api/auth/login').send({ email: 'nobody@acme.test', password: 'Wrong#pass1' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'LOGIN_FAILED', invalidMsg: 'Wrong email or password' });
      expect(cookieOf(res)).toBeUndefined();
    }
    const failed = await t.deps.stores.authLog.events({ kind: 'login_failed' });
    expect(failed.map((e: { email: string }) => e.email)).toEqual(expect.arrayContaining([acme.users.staff.email, 'nobody@acme.test']));
  });

  it('slows an account at the address of 5 failures, even with the right password then', async () => {
    const email = acme.users.signer.email;
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await browserAgent(t.app)
            .post('/api/auth/login')
            .send({ email, password: `Wrong#pass${i}` })
        ).status,
      ).toBe(401);
    }
    const res = await browserAgent(t.app).post('/api/auth/login').send({ email, password: TEST_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('LOGIN_THROTTLED');
    expect((await t.deps.stores.authLog.events({ kind: 'login_throttled', email })).length).toBe(1);
    // Another account from another address is not affected.
    const other = await browserAgent(t.app)
      .post('/api/auth/login')
      .set('X-Forwarded-For', '10.0.0.9')
      .send({ email: acme.users.manager.email, password: TEST_PASSWORD });
    expect(other.status).toBe(200);
  });

  it('throttles an address after 20 failures across accounts', async () => {
    const ip = '10.1.2.3';
    for (let i = 0; i < 20; i++) {
      await browserAgent(t.app)
        .post('/api/auth/login')
        .set('X-Forwarded-For', ip)
        .send({ email: `probe${i}@acme.test`, password: 'Wrong#pass1' });
    }
    const res = await browserAgent(t.app).post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: acme.users.admin.email, password: TEST_PASSWORD });
    expect(res.status).toBe(429);
    const elsewhere = await browserAgent(t.app)
      .post('/api/auth/login')
      .set('X-Forwarded-For', '10.9.9.9')
      .send({ email: acme.users.admin.email, password: TEST_PASSWORD });
    expect(elsewhere.status).toBe(200);
  });

  it('refuses locked and inactive users, and ends their running sessions', async () => {
    const co = await seedCompanyWithUsers(t.db.knex, 'Status Co', ['admin', 'staff', 'signer']);
    const staff = await loginAs(t.app, co.users.staff.email, TEST_PASSWORD);
    expect((await staff.get('/api/auth/current_user')).status).toBe(200);
    await t.db.knex('users').where({ id: co.users.staff.id }).update({ status: 'locked' });
    await t.db.knex('users').where({ id: co.users.signer.id }).update({ status: 'inactive' });
    expect((await staff.get('/api/auth/current_user')).status).toBe(401);
    for (const email of [co.users.staff.email, co.users.signer.email]) {
      const res = await browserAgent(t.app).post('/api/auth/login').send({ email, password: TEST_PASSWORD });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('ACCOUNT_INACTIVE');
    }
    expect((await t.deps.stores.authLog.events({ kind: 'login_refused_status' })).length).toBe(2);
  });
});

describe('sessions', () => {
  it('issues a new session id at every sign-in and ends the one the browser carried (no fixation)', async () => {
    const agent = browserAgent(t.app);
    const first = await agent.post('/api/auth/login').send({ email: acme.users.manager.email, password: TEST_PASSWORD });
    const second = await agent.post('/api/auth/login').send({ email: acme.users.manager.email, password: TEST_PASSWORD });
    expect(sidOf(first)).toBeTruthy();
    expect(sidOf(second)).not.toBe(sidOf(first));
    const replay = await request(t.app)
      .get('/api/auth/current_user')
      .set('Cookie', `grain_sid=${sidOf(first)}`);
    expect(replay.status).toBe(401);
    // A planted (unknown) session id is never adopted: the server answers with its own.
    const planted = 'planted-session-id-0123456789';
    const res = await request(t.app)
      .post('/api/auth/login')
      .set('Origin', TEST_ORIGIN)
      .set('Cookie', `grain_sid=${planted}`)
      .send({ email: acme.users.manager.email, password: TEST_PASSWORD });
    expect(sidOf(res)).not.toBe(planted);
    const stored = await t.db.knex('sessions').select('id_hash');
    expect(stored.some((s: { id_hash: string }) => s.id_hash === sidOf(res))).toBe(false); // only the hash is kept
  });

  it('logout ends the session on the server, not just the cookie', async () => {
    const agent = await loginAs(t.app, acme.users.staff.email, TEST_PASSWORD);
    const me = await agent.get('/api/auth/current_user');
    expect(me.status).toBe(200);
    expect(me.body.user.fullName).toBe('Staff Acme Grain');
    // the user's group permissions travel with the user so the UI can hide what it may not do
    const group = await t.db.knex('groups').where({ company_id: acme.companyId, group_name: 'staff' }).first();
    expect(group.roles.length).toBeGreaterThan(0);
    expect([...me.body.user.permissions].sort()).toEqual([...group.roles].sort());
    const sid = (await t.db.knex('sessions').where({ user_id: acme.users.staff.id }).whereNull('ended_at').orderBy('created_at', 'desc').first()).id_hash;
    const out = await agent.post('/api/auth/logout').send({});
    expect(out.status).toBe(200);
    expect(cookieOf(out)).toMatch(/grain_sid=;/);
    expect((await t.db.knex('sessions').where({ id_hash: sid }).first()).ended_at).not.toBeNull();
    expect((await agent.get('/api/auth/current_user')).status).toBe(401);
  });

  it('ends idle sessions and sessions past their absolute lifetime', async () => {
    const idle = await loginAs(t.app, acme.users.signer.email, TEST_PASSWORD);
    await t.db
      .knex('sessions')
      .where({ user_id: acme.users.signer.id })
      .whereNull('ended_at')
      .update({ last_seen_at: new Date(Date.now() - 31 * 60_000) });
    expect((await idle.get('/api/auth/current_user')).status).toBe(401);
    const old = await loginAs(t.app, acme.users.signer.email, TEST_PASSWORD);
    await t.db
      .knex('sessions')
      .where({ user_id: acme.users.signer.id })
      .whereNull('ended_at')
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await old.get('/api/auth/current_user')).status).toBe(401);
  });

  it('GET auth/login answers the login status', async () => {
    expect((await request(t.app).get('/api/auth/login')).body).toEqual({ invalidMsg: '', loggedIn: false });
    const agent = await loginAs(t.app, acme.users.admin.email, TEST_PASSWORD);
    const res = await agent.get('/api/auth/login');
    expect(res.body).toMatchObject({ invalidMsg: '', loggedIn: true, user: { _id: acme.users.admin.id } });
  });
});

describe('cross-site requests', () => {
  const body = () => ({ email: acme.users.admin.email, password: TEST_PASSWORD });
  it.each([
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['a foreign Referer', { Referer: 'https://evil.example/page' }],
    ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site', Origin: TEST_ORIGIN }],
    ['Sec-Fetch-Site same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site' }],
    ['no Origin, Referer or Sec-Fetch-Site', {}],
  ])('refuses a POST with %s (403 CROSS_SITE, logged)', async (_label, headers) => {
    const res = await request(t.app)
      .post('/api/auth/login')
      .set(headers as Record<string, string>)
      .send(body());
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CROSS_SITE');
    expect(cookieOf(res)).toBeUndefined();
  });
  it.each([
    ['same Origin', { Origin: TEST_ORIGIN }],
    ['same-host Referer', { Referer: `${TEST_ORIGIN}/views/login` }],
    ['Sec-Fetch-Site same-origin', { 'Sec-Fetch-Site': 'same-origin' }],
  ])('accepts a POST with %s', async (_label, headers) => {
    const res = await request(t.app)
      .post('/api/auth/login')
      .set(headers as Record<string, string>)
      .send(body());
    expect(res.status).toBe(200);
  });
  it('refuses a cross-site logout but lets reads through', async () => {
    const agent = await loginAs(t.app, acme.users.admin.email, TEST_PASSWORD);
    expect((await agent.post('/api/auth/logout').set('Sec-Fetch-Site', 'cross-site').send({})).status).toBe(403);
    expect((await agent.get('/api/auth/current_user').set('Sec-Fetch-Site', 'cross-site')).status).toBe(200);
    expect((await t.deps.stores.authLog.events({ kind: 'cross_site' })).length).toBeGreaterThanOrEqual(6);
  });
});
