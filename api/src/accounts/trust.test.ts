import { createTestApp, type TestApp } from '../testing/test-app';
import { browserAgent, loginAs, seedCompanyWithUsers, TEST_PASSWORD, type Agent } from '../testing/session';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SYSOP = { sysop: ['editSystem', 'viewSystem', 'viewInfo'] as const };
const seed = (name: string, roles: string[]) => seedCompanyWithUsers(t.db.knex, name, roles, { sysop: [...SYSOP.sysop] });
const me = async (agent: Agent) => (await agent.get('/api/auth/current_user')).body.user as { role: string; permissions: string[] };
const login = (email: string, password: string, ip: string) => browserAgent(t.app).post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });
/** Moves every recorded sign-in attempt back in time, as if the caller had waited. */
const waitSeconds = (s: number) => t.db.knex('login_attempts').update({ created_at: t.db.knex.raw(`created_at - interval '${s} seconds'`) });

describe('admin power does not come from a group name', () => {
  it('refuses renaming or creating a group as admin, in any spelling; the renamer stays what they were', async () => {
    const co = await seed('Rename Co', ['admin', 'sysop', 'staff']);
    const sysop = await loginAs(t.app, co.users.sysop.email, TEST_PASSWORD);
    for (const name of ['admin', 'Admin', ' ADMIN ']) {
      const res = await sysop.post(`/api/company/group/${co.groups.sysop}/update`).send({ groupName: name, roles: [...SYSOP.sysop] });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('GROUP_NAME_RESERVED');
    }
    const vn = await sysop.post('/api/company/group/create').set('x-lang', 'vn').send({ groupName: 'admin' });
    expect(vn.body).toMatchObject({ code: 'GROUP_NAME_RESERVED', invalidMsg: expect.stringContaining('admin') });
    expect(await me(sysop)).toMatchObject({ role: 'sysop', permissions: [...SYSOP.sysop] });
    expect((await sysop.post(`/api/company/user/${co.users.staff.id}/delete`).send({})).status).toBe(403);
  });

  it('keeps the admins admin when a group some older data calls "admin" is renamed', async () => {
    const co = await seed('Legacy Co', ['admin', 'sysop']);
    const legacy = await t.deps.stores.groups.create(co.companyId, { groupName: 'admin', status: 'active', roles: ['viewInfo'] });
    const admin = await loginAs(t.app, co.users.admin.email, TEST_PASSWORD);
    expect((await admin.post(`/api/company/group/${legacy.id}/update`).send({ groupName: 'ops', roles: ['viewInfo'] })).status).toBe(200);
    expect((await me(admin)).role).toBe('admin');
    expect((await admin.get('/api/company/users')).status).toBe(200);
    expect((await t.deps.stores.users.byId(co.users.admin.id))!.isAdmin).toBe(true);
  });

  it('lets only an admin grant admin, and an admin demote another admin while one stays', async () => {
    const co = await seed('Grant Admin Co', ['admin', 'sysop', 'staff']);
    const sysop = await loginAs(t.app, co.users.sysop.email, TEST_PASSWORD);
    expect((await sysop.post(`/api/company/user/${co.users.staff.id}/update`).send({ role: 'Admin' })).status).toBe(403);
    const admin = await loginAs(t.app, co.users.admin.email, TEST_PASSWORD);
    expect((await admin.post(`/api/company/user/${co.users.staff.id}/update`).send({ role: 'admin' })).body.user.role).toBe('admin');
    const second = await loginAs(t.app, co.users.staff.email, TEST_PASSWORD);
    expect((await me(second)).role).toBe('admin');
    expect((await second.post(`/api/company/user/${co.users.admin.id}/update`).send({ role: 'staff' })).body.user.role).toBe('staff');
    expect(await t.deps.stores.users.countActiveAdmins(co.companyId)).toBe(1);
  });
});

describe('editSystem cannot take over another account', () => {
  it('puts nobody into a group with permissions the editor does not hold', async () => {
    const co = await seed('Takeover Co', ['admin', 'sysop', 'staff', 'manager']);
    const sysop = await loginAs(t.app, co.users.sysop.email, TEST_PASSWORD);
    expect((await sysop.post(`/api/company/user/${co.users.staff.id}/update`).send({ role: 'manager' })).status).toBe(403);
    expect(
      (
        await sysop
          .post('/api/company/user/create')
          .send({ email: 'mole@takeover.test', password: 'Harvest#2025', firstname: 'Mole', lastname: 'Man', role: 'manager' })
      ).status,
    ).toBe(403);
    expect((await t.deps.stores.users.byId(co.users.staff.id))!.role).toBe('staff');
    // A group within the editor's own permissions is fine.
    await sysop.post('/api/company/group/create').send({ groupName: 'readers', roles: ['viewInfo'] });
    expect((await sysop.post(`/api/company/user/${co.users.staff.id}/update`).send({ role: 'readers' })).body.user.role).toBe('readers');
  });

  it("refuses a non-admin changing another user's e-mail or password", async () => {
    const co = await seed('Silent Co', ['admin', 'sysop', 'staff']);
    const sysop = await loginAs(t.app, co.users.sysop.email, TEST_PASSWORD);
    expect((await sysop.post(`/api/company/user/${co.users.staff.id}/update`).send({ email: 'attacker@evil.test' })).status).toBe(403);
    expect(
      (await sysop.post(`/api/company/user/${co.users.staff.id}/update_password`).send({ password: 'Taken#2025x', confirmPassword: 'Taken#2025x' })).status,
    ).toBe(403);
    await loginAs(t.app, co.users.staff.email, TEST_PASSWORD);
    expect(await t.mailbox.list({ to: co.users.staff.email })).toHaveLength(0);
  });

  it("an admin's change of another user's e-mail or password signs them out and mails the old address (en + vn)", async () => {
    const co = await seed('Notice Co', ['admin', 'staff', 'signer']);
    const admin = await loginAs(t.app, co.users.admin.email, TEST_PASSWORD);
    const staff = await loginAs(t.app, co.users.staff.email, TEST_PASSWORD);
    const moved = await admin.post(`/api/company/user/${co.users.staff.id}/update`).send({ email: 'staff.new@notice.test' });
    expect(moved.body.user.email).toBe('staff.new@notice.test');
    expect((await staff.get('/api/auth/current_user')).status).toBe(401);
    const [mail] = await t.mailbox.list({ to: co.users.staff.email });
    expect(mail.subject).toContain('e-mail address was changed');
    expect(mail.text).toContain('staff.new@notice.test');
    expect(mail.text).toContain('Quản trị viên của công ty bạn đã đổi địa chỉ email');
    await loginAs(t.app, 'staff.new@notice.test', TEST_PASSWORD);

    const signer = await loginAs(t.app, co.users.signer.email, TEST_PASSWORD);
    expect(
      (await admin.post(`/api/company/user/${co.users.signer.id}/update_password`).send({ password: 'Reset#2025ok', confirmPassword: 'Reset#2025ok' })).status,
    ).toBe(200);
    expect((await signer.get('/api/auth/current_user')).status).toBe(401);
    const [notice] = await t.mailbox.list({ to: co.users.signer.email });
    expect(notice.subject).toContain('password was changed');
    expect(notice.text).toContain('đặt mật khẩu mới');
    expect(notice.text).not.toContain('Reset#2025ok');
  });
});

describe('sign-in throttling without lock-out', () => {
  beforeEach(() => t.db.knex('login_attempts').delete());

  it("lets the right password in from another address whatever one address's failures", async () => {
    const co = await seed('Throttle Co', ['signer']);
    const email = co.users.signer.email;
    for (let i = 0; i < 8; i++) await login(email, `Wrong#pass${i}`, '10.66.0.1');
    expect((await login(email, TEST_PASSWORD, '10.66.0.2')).status).toBe(200);
    // The failing address itself is slowed, right password or not.
    const slowed = await login(email, TEST_PASSWORD, '10.66.0.1');
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('makes each further failure from the same address wait longer', async () => {
    const co = await seed('Delay Co', ['signer']);
    const email = co.users.signer.email;
    const ip = '10.67.0.1';
    for (let i = 0; i < 5; i++) expect((await login(email, `Wrong#pass${i}`, ip)).status).toBe(401);
    expect((await login(email, 'Wrong#again1', ip)).status).toBe(429);
    await waitSeconds(31);
    expect((await login(email, 'Wrong#again2', ip)).status).toBe(401); // the 6th failure: the wait doubles
    await waitSeconds(31);
    expect((await login(email, TEST_PASSWORD, ip)).status).toBe(429);
    await waitSeconds(30);
    expect((await login(email, TEST_PASSWORD, ip)).status).toBe(200);
  });

  it('limits registrations per address', async () => {
    const reg = (i: number, ip: string) =>
      browserAgent(t.app)
        .post('/api/auth/register')
        .set('X-Forwarded-For', ip)
        .send({
          email: `new${i}.${ip}@reg.test`,
          password: 'Harvest#2025',
          firstname: 'New',
          lastname: 'Comer',
          role: 'staff',
        });
    for (let i = 0; i < 10; i++) expect((await reg(i, '10.68.0.1')).status).toBe(201);
    const refused = await reg(10, '10.68.0.1');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('REGISTER_THROTTLED');
    expect((await reg(11, '10.68.0.2')).status).toBe(201);
  });
});

describe('password reset does not tell known from unknown addresses', () => {
  it('answers both the same way before any lookup, even when mail cannot be sent', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const co = await seedCompanyWithUsers(down.db.knex, 'Quiet Co', ['staff']);
      const ask = (email: string) => browserAgent(down.app).post('/api/company/user/reset_password').send({ email });
      const known = await ask(co.users.staff.email);
      const unknown = await ask('ghost@quiet-co.test');
      expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
      expect(known.status).toBe(200);
      // Both requests were still worked through after the answer.
      for (let i = 0; i < 100 && (await down.deps.stores.authLog.events({ kind: 'password_reset_requested' })).length < 1; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const ghost = await down.deps.stores.authLog.events({ kind: 'password_reset_requested', email: 'ghost@quiet-co.test' });
      expect(ghost).toHaveLength(1);
    } finally {
      await down.close();
    }
  });
});
