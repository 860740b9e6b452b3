/**
 * Session fixation and cookie flags against the real app: a cookie planted by an attacker never
 * becomes a session, every sign-in issues a new id and ends the one the browser carried, logout ends
 * the session on the server, and the cookie is HttpOnly, SameSite=Lax, Path=/ — plus Secure when the
 * public URL is https.
 */
import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import { createApp } from '../api/src/app';
import { createTestApp, type TestApp } from '../api/src/testing/test-app';
import { seedCompanyWithUsers, TEST_ORIGIN, TEST_PASSWORD, type SeededCompany } from '../api/src/testing/session';

jest.setTimeout(120_000);

let t: TestApp;
let co: SeededCompany;
beforeAll(async () => {
  t = await createTestApp();
  co = await seedCompanyWithUsers(t.db.knex, 'Session Grain', ['admin', 'staff']);
});
afterAll(() => t?.close());

const sidOf = (setCookie: string[] | string | undefined) => {
  const line = ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith('grain_sid='));
  return line ? { value: /^grain_sid=([^;]*)/.exec(line)![1], line } : undefined;
};
const me = (sid: string) => request(t.app).get('/api/auth/current_user').set('Cookie', `grain_sid=${sid}`);
const login = (email: string, planted?: string, origin = TEST_ORIGIN, app = t.app) => {
  const r = request(app).post('/api/auth/login').set('Origin', origin);
  if (planted) r.set('Cookie', `grain_sid=${planted}`);
  return r.send({ email, password: TEST_PASSWORD });
};
const sessionRow = (token: string) =>
  t.db
    .knex('sessions')
    .where({ id_hash: createHash('sha256').update(token).digest('hex') })
    .first();

describe('session fixation', () => {
  it('never turns a planted cookie into a session', async () => {
    const planted = randomBytes(32).toString('base64url');
    expect((await me(planted)).status).toBe(401);
    const res = await login(co.users.staff.email, planted);
    expect(res.status).toBe(200);
    const issued = sidOf(res.headers['set-cookie'])!;
    expect(issued.value).not.toBe(planted);
    expect(issued.value.length).toBeGreaterThanOrEqual(43); // 256 random bits
    expect((await me(planted)).status).toBe(401);
    expect(await sessionRow(planted)).toBeUndefined();
    expect((await me(issued.value)).body.user.email).toBe(co.users.staff.email);
  });

  it('issues a new id at every sign-in and ends the one the browser carried', async () => {
    const first = sidOf((await login(co.users.staff.email)).headers['set-cookie'])!.value;
    const second = sidOf((await login(co.users.staff.email, first)).headers['set-cookie'])!.value;
    expect(second).not.toBe(first);
    expect((await me(first)).status).toBe(401);
    expect((await sessionRow(first)).ended_at).not.toBeNull();
    // Another user signing in on a browser that still carries someone's session ends that session too.
    const third = sidOf((await login(co.users.admin.email, second)).headers['set-cookie'])!.value;
    expect((await me(second)).status).toBe(401);
    expect((await me(third)).body.user.email).toBe(co.users.admin.email);
  });

  it('stores only a hash of the id, so a leaked row cannot be replayed', async () => {
    const sid = sidOf((await login(co.users.staff.email)).headers['set-cookie'])!.value;
    const rows = await t.db.knex('sessions').select('id_hash');
    expect(rows.some((r) => r.id_hash === sid)).toBe(false);
    const row = await sessionRow(sid);
    expect((await me(row.id_hash)).status).toBe(401);
  });

  it('ends the session on the server at logout and clears the cookie', async () => {
    const sid = sidOf((await login(co.users.staff.email)).headers['set-cookie'])!.value;
    const out = await request(t.app).post('/api/auth/logout').set('Origin', TEST_ORIGIN).set('Cookie', `grain_sid=${sid}`).send({});
    expect(out.status).toBe(200);
    const cleared = sidOf(out.headers['set-cookie'])!;
    expect(cleared.value).toBe('');
    expect(cleared.line).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await me(sid)).status).toBe(401);
  });

  it('refuses a cross-site logout, and a logout link (the session stays)', async () => {
    const sid = sidOf((await login(co.users.staff.email)).headers['set-cookie'])!.value;
    const link = await request(t.app).get('/api/auth/logout').set('Cookie', `grain_sid=${sid}`);
    expect(link.status).toBe(404);
    const res = await request(t.app).post('/api/auth/logout').set('Cookie', `grain_sid=${sid}`).set('Sec-Fetch-Site', 'cross-site').send({});
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CROSS_SITE');
    expect((await me(sid)).status).toBe(200);
  });
});

describe('cookie flags', () => {
  it('http public URL: HttpOnly, SameSite=Lax, Path=/, bounded lifetime, not Secure', async () => {
    const { line } = sidOf((await login(co.users.staff.email)).headers['set-cookie'])!;
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(/; Max-Age=\d+/);
    expect(Number(/Max-Age=(\d+)/.exec(line)![1])).toBeLessThanOrEqual(12 * 3600);
    expect(line).not.toMatch(/; Secure/);
    expect(line).not.toMatch(/; Domain=/);
  });

  it('https public URL: Secure as well, on sign-in and on logout', async () => {
    const publicUrl = 'https://grain.example';
    const app = createApp({ ...t.deps, config: { ...t.deps.config, publicUrl } });
    const res = await login(co.users.staff.email, undefined, publicUrl, app);
    expect(res.status).toBe(200);
    const { value, line } = sidOf(res.headers['set-cookie'])!;
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    const out = await request(app).post('/api/auth/logout').set('Origin', publicUrl).set('Cookie', `grain_sid=${value}`).send({});
    expect(sidOf(out.headers['set-cookie'])!.line).toMatch(/; Secure/);
  });
});
