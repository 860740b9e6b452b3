import { createTestApp, type TestApp } from '../testing/test-app';
import { browserAgent, loginAs, seedCompanyWithUsers, TEST_PASSWORD, type SeededCompany } from '../testing/session';

/**
 * A user's change of their own e-mail address (issue 26 item 10): it needs the current password and
 * takes effect only when the link mailed to the new address is opened; the old address is told.
 */
let t: TestApp;
let co: SeededCompany;
beforeAll(async () => {
  t = await createTestApp();
  co = await seedCompanyWithUsers(t.db.knex, 'Mallee Grain', ['admin', 'manager', 'staff', 'signer']);
});
afterAll(() => t.close());

const emailOf = async (id: string) => (await t.db.knex('users').where({ id }).first()).email as string;
const linkIn = async (to: string) => {
  const [mail] = await t.mailbox.list({ to });
  return /\/views\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
};

describe('changing one’s own e-mail address', () => {
  it('is refused without the current password and with a wrong one; the address stays', async () => {
    const staff = await loginAs(t.app, co.users.staff.email, TEST_PASSWORD);
    const id = co.users.staff.id;
    const none = await staff.post(`/api/company/user/${id}/update_profile`).set('x-lang', 'vn').send({ email: 'thief@elsewhere.test' });
    expect([none.status, none.body.code, none.body.invalidMsg]).toEqual([400, 'CURRENT_PASSWORD_REQUIRED', 'Nhập mật khẩu hiện tại để đổi địa chỉ email']);
    const wrong = await staff.post(`/api/company/user/${id}/update_profile`).send({ email: 'thief@elsewhere.test', currentPassword: 'Wrong#pass1' });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'CURRENT_PASSWORD_WRONG']);
    expect(await emailOf(id)).toBe(co.users.staff.email);
    expect(await t.mailbox.list({ to: 'thief@elsewhere.test' })).toHaveLength(0);
    // the admin route for one's own record asks the same
    const admin = await loginAs(t.app, co.users.admin.email, TEST_PASSWORD);
    const viaUpdate = await admin.post(`/api/company/user/${co.users.admin.id}/update`).send({ email: 'thief@elsewhere.test' });
    expect(viaUpdate.body.code).toBe('CURRENT_PASSWORD_REQUIRED');
    expect(await emailOf(co.users.admin.id)).toBe(co.users.admin.email);
  });

  it('with the password, waits for the new address: codes and sign-in stay with the old one until the link is opened', async () => {
    const old = co.users.signer.email;
    const id = co.users.signer.id;
    const signer = await loginAs(t.app, old, TEST_PASSWORD);
    const asked = await signer
      .post(`/api/company/user/${id}/update_profile`)
      .send({ email: 'liam.walsh@new-farm.test', currentPassword: TEST_PASSWORD, firstname: 'Liam' });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ emailChangePending: 'liam.walsh@new-farm.test', user: { email: old, firstname: 'Liam' } });
    expect(asked.body.message).toMatch(/link to your new address/);
    expect(await emailOf(id)).toBe(old);
    // the old address is told, in both languages
    const [notice] = await t.mailbox.list({ to: old });
    expect(notice.text).toMatch(/asked to change its e-mail address to liam\.walsh@new-farm\.test/);
    expect(notice.text).toMatch(/yêu cầu đổi địa chỉ email/);
    // not yet: the new address cannot sign in
    expect((await browserAgent(t.app).post('/api/auth/login').send({ email: 'liam.walsh@new-farm.test', password: TEST_PASSWORD })).status).toBe(401);
    const token = await linkIn('liam.walsh@new-farm.test');
    expect(token).toBeTruthy();
    // opening the link (no session needed) makes the change, once
    const done = await browserAgent(t.app).post('/api/company/user/confirm_email').send({ token });
    expect(done.body).toEqual({ email: 'liam.walsh@new-farm.test', message: 'Your e-mail address was changed' });
    expect(await emailOf(id)).toBe('liam.walsh@new-farm.test');
    const again = await browserAgent(t.app).post('/api/company/user/confirm_email').set('x-lang', 'vn').send({ token });
    expect([again.status, again.body.code, again.body.invalidMsg]).toEqual([
      400,
      'EMAIL_CHANGE_INVALID',
      'Liên kết xác nhận không hợp lệ hoặc đã hết hạn; vui lòng yêu cầu đổi lại',
    ]);
    expect((await t.mailbox.list({ to: old }))[0].text).toMatch(/is now liam\.walsh@new-farm\.test/);
    expect((await browserAgent(t.app).post('/api/auth/login').send({ email: 'liam.walsh@new-farm.test', password: TEST_PASSWORD })).status).toBe(200);
  });

  it('a newer request voids the older link, an expired link does nothing, and a taken address is refused', async () => {
    const id = co.users.manager.id;
    const manager = await loginAs(t.app, co.users.manager.email, TEST_PASSWORD);
    const ask = (email: string) => manager.post(`/api/company/user/${id}/update_profile`).send({ email, currentPassword: TEST_PASSWORD });
    expect((await ask('first@new-farm.test')).status).toBe(200);
    const first = await linkIn('first@new-farm.test');
    expect((await ask('second@new-farm.test')).status).toBe(200);
    expect((await browserAgent(t.app).post('/api/company/user/confirm_email').send({ token: first })).body.code).toBe('EMAIL_CHANGE_INVALID');
    await t.db.knex('email_change_requests').update({ expires_at: new Date(Date.now() - 1000) });
    expect(
      (
        await browserAgent(t.app)
          .post('/api/company/user/confirm_email')
          .send({ token: await linkIn('second@new-farm.test') })
      ).body.code,
    ).toBe('EMAIL_CHANGE_INVALID');
    expect(await emailOf(id)).toBe(co.users.manager.email);
    expect((await ask(co.users.admin.email)).body.code).toBe('EMAIL_TAKEN');
  });
});
