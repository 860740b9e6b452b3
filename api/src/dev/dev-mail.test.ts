/**
 * The dev mailbox holds every one-time code and reset link, so it is for a signed-in admin only, shows
 * only mail to that admin's company (and to the admin), and is off whenever the server is not on
 * loopback. Real app, database and SMTP catcher.
 */
import request from 'supertest';
import { createStores, hashPassword } from '@grain/persistence';
import { createApp } from '../app';
import { createTestApp, type TestApp } from '../testing/test-app';
import { browserAgent, loginAs, seedCompanyWithUsers, TEST_PASSWORD, type SeededCompany } from '../testing/session';
import { devMailboxEnabled } from './dev-mail';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
const LONER = 'founder@no-company-yet.test';
const subjects = (body: { messages: Array<{ subject: string }> }) => body.messages.map((m) => m.subject).sort();

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompanyWithUsers(t.db.knex, 'Mail A', ['admin', 'staff']);
  b = await seedCompanyWithUsers(t.db.knex, 'Mail B', ['admin', 'staff']);
  await createStores(t.db.knex).users.create({
    email: LONER,
    passwordHash: await hashPassword(TEST_PASSWORD),
    firstname: 'Lone',
    lastname: 'Founder',
    role: 'admin',
    companyId: null,
  });
  const mails: Array<[string, string]> = [
    [a.users.staff.email, 'reset for A staff'],
    [a.users.admin.email, 'code for A admin'],
    [b.users.staff.email, 'reset for B staff'],
    ['stranger@elsewhere.test', 'mail to nobody known'],
    [LONER, 'welcome to the founder'],
  ];
  for (const [to, subject] of mails) await t.deps.adapters.mail.send({ to, subject, text: `secret ${subject}` });
  for (let i = 0; i < 100 && (await t.mailbox.list()).length < mails.length; i++) await new Promise((r) => setTimeout(r, 50));
});
afterAll(() => t?.close());

describe('the dev mailbox', () => {
  it('refuses anyone not signed in, page and JSON, without showing any mail', async () => {
    const json = await browserAgent(t.app).get('/api/dev/mail');
    expect(json.status).toBe(401);
    expect(json.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    const page = await browserAgent(t.app).get('/dev/mailbox');
    expect(page.status).toBe(401);
    expect(page.text).not.toContain('secret');
    expect(page.text).toContain('/views/login');
  });

  it('refuses a signed-in user who is not an admin', async () => {
    const staff = await loginAs(t.app, a.users.staff.email, TEST_PASSWORD);
    const json = await staff.get(`/api/dev/mail?to=${a.users.staff.email}`);
    expect(json.status).toBe(403);
    expect(json.body).toMatchObject({ code: 'ACCESS_DENIED' });
    const page = await staff.get('/dev/mailbox');
    expect(page.status).toBe(403);
    expect(page.text).not.toContain('secret');
  });

  it("shows an admin the mail to their company's users and to themself, nothing else", async () => {
    const admin = await loginAs(t.app, a.users.admin.email, TEST_PASSWORD);
    const all = await admin.get('/api/dev/mail');
    expect(all.status).toBe(200);
    expect(subjects(all.body)).toEqual(['code for A admin', 'reset for A staff']);
    expect((await admin.get(`/api/dev/mail?to=${b.users.staff.email}`)).body.messages).toEqual([]);
    expect((await admin.get(`/api/dev/mail?to=${LONER}`)).body.messages).toEqual([]);
    const page = await admin.get('/dev/mailbox');
    expect(page.status).toBe(200);
    expect(page.text).toContain('secret reset for A staff');
    for (const hidden of ['reset for B staff', 'mail to nobody known', 'welcome to the founder']) expect(page.text).not.toContain(hidden);
  });

  it('shows an admin with no company yet only the mail to their own address', async () => {
    const founder = await loginAs(t.app, LONER, TEST_PASSWORD);
    expect(subjects((await founder.get('/api/dev/mail')).body)).toEqual(['welcome to the founder']);
  });

  it('is not served when the server listens beyond loopback, nor when mail goes out over SMTP_URL', async () => {
    const exposed = createApp({ ...t.deps, config: { ...t.deps.config, host: '0.0.0.0' } });
    const admin = await loginAs(exposed, a.users.admin.email, TEST_PASSWORD);
    expect((await admin.get('/api/dev/mail')).status).toBe(404);
    const page = await admin.get('/dev/mailbox');
    expect(page.status).toBe(404);
    expect(page.text).not.toContain('secret');
    expect((await request(exposed).get('/api/dev/mail')).status).toBe(404);
    expect(devMailboxEnabled({ smtpUrl: undefined, host: '127.0.0.1' })).toBe(true);
    expect(devMailboxEnabled({ smtpUrl: undefined, host: '::1' })).toBe(true);
    expect(devMailboxEnabled({ smtpUrl: undefined, host: '192.168.1.20' })).toBe(false);
    expect(devMailboxEnabled({ smtpUrl: 'smtp://mail.example.com:587', host: '127.0.0.1' })).toBe(false);
  });
});
