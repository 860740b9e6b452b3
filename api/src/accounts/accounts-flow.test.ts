import { X509Certificate } from 'node:crypto';
import request from 'supertest';
import { message } from '@grain/domain';
import { createTestApp, type TestApp } from '../testing/test-app';
import { browserAgent, loginAs, seedCompanyWithUsers, TEST_PASSWORD, type SeededCompany } from '../testing/session';

let t: TestApp;
let acme: SeededCompany;
beforeAll(async () => {
  t = await createTestApp();
  acme = await seedCompanyWithUsers(t.db.knex, 'Acme Grain', ['admin', 'manager', 'staff', 'signer']);
});
afterAll(() => t.close());

const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: 'Harvest#2025',
  confirmPassword: 'Harvest#2025',
  firstname: 'Nguyễn',
  lastname: 'Văn An',
  phone: '+61412345678',
  role: 'admin',
  ...extra,
});

describe('registration and company creation', () => {
  it('registers an admin, who enters an address and creates the company with a bank account', async () => {
    const agent = browserAgent(t.app);
    const reg = await agent.post('/api/auth/register').send(registration('founder@river.test', { termsAccepted: true }));
    expect(reg.status).toBe(201);
    expect(reg.body.user).toMatchObject({ email: 'founder@river.test', role: 'admin', status: 'active', company: null, fullName: 'Nguyễn Văn An' });
    const addr = await agent
      .post('/api/company/address/create')
      .send({ street: '1 Mill Lane', suburb: 'Temora', state: 'NSW', postcode: '2666', country: 'Australia' });
    expect(addr.status).toBe(201);
    expect((await agent.get('/api/company/addresses')).body.address_list).toHaveLength(1);
    const created = await agent.post('/api/company/profile/create').send({
      name: 'River Grain',
      tfn: '51 824 753 556',
      address: addr.body.address._id,
      phone: '+61298765432',
      email: 'office@river.test',
      website: 'https://river.test',
      taxOfficeLevel1: 'Temora Office',
      bankAccount: { account: '123456789012', bankName: 'ANZ', branch: 'Temora' },
    });
    expect(created.status).toBe(201);
    const company = created.body.company;
    expect(company).toMatchObject({
      name: 'River Grain',
      // stored as its 11 digits (shown grouped)
      tfn: '51824753556',
      address: { street: '1 Mill Lane', state: 'NSW', postcode: '2666' },
      bankAccounts: [{ account: '123456789012', bankName: 'ANZ' }],
    });
    expect(company.admin).toBe(reg.body.user._id);
    expect((await agent.get(`/api/company/profile/${company._id}`)).body.company.name).toBe('River Grain');
    expect((await agent.get('/api/auth/current_user')).body.user.company._id).toBe(company._id);
    const again = await agent.post('/api/company/profile/create').send({ name: 'Second Co' });
    expect(again.status).toBe(409);
    const upd = await agent.post(`/api/company/profile/${company._id}/update`).send({ name: 'River Grain Pty', website: '', bankAccounts: [] });
    expect(upd.status).toBe(200);
    expect(upd.body.company).toMatchObject({ name: 'River Grain Pty', website: '', bankAccounts: [], address: { street: '1 Mill Lane' } });
    const missingId = await agent.post('/api/company/profile/update').send({ name: 'X Co' });
    expect(missingId.body).toMatchObject({ code: 'USER_ID_MISSING', invalidMsg: 'User ID was missing' });
  });

  it('lets a staff registrant found no company', async () => {
    const agent = browserAgent(t.app);
    expect((await agent.post('/api/auth/register').send(registration('staffer@river.test', { role: 'staff' }))).status).toBe(201);
    expect((await agent.post('/api/company/profile/create').send({ name: 'Staff Co' })).status).toBe(403);
  });

  it('answers validation messages in the caller language (en, vn)', async () => {
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [
        { password: 'simple', confirmPassword: 'simple' },
        'PASSWORD_TOO_SIMPLE',
        'Password too simple: use 8 or more characters with upper and lower case letters, a digit and one of !@#$%^&*',
        'Mật khẩu quá đơn giản',
      ],
      [{ confirmPassword: 'Other#2025x' }, 'PASSWORD_MISMATCH', 'Mismatch password', 'Mật khẩu không khớp'],
      [{ email: 'not-an-email' }, 'INVALID_EMAIL', 'Invalid Email', 'Email không hợp lệ'],
      [{ firstname: 'R2D2' }, 'INVALID_NAME', message('INVALID_NAME', 'en'), message('INVALID_NAME', 'vn')],
      [{ phone: '12' }, 'INVALID_PHONE', message('INVALID_PHONE', 'en'), message('INVALID_PHONE', 'vn')],
    ];
    for (const [override, code, en, vn] of cases) {
      const body = registration('valid@river.test', override);
      const resEn = await browserAgent(t.app).post('/api/auth/register').send(body);
      expect(resEn.status).toBe(400);
      expect(resEn.body).toMatchObject({ code, invalidMsg: en });
      const resVn = await browserAgent(t.app).post('/api/auth/register').set('x-lang', 'vn').send(body);
      expect(resVn.body).toMatchObject({ code, invalidMsg: vn });
    }
    const admin = await loginAs(t.app, acme.users.admin.email, TEST_PASSWORD);
    const group = await admin.post('/api/company/group/create?lang=vn').send({ groupName: 'bad<group>' });
    expect(group.body).toMatchObject({ code: 'INVALID_GROUP_NAME', invalidMsg: 'Tên nhóm người dùng không hợp lệ: tối đa 50 ký tự, có chữ cái hoặc chữ số' });
    const street = await admin.post('/api/company/address/create').send({ street: 'x', suburb: 'Junee', state: 'NSW', postcode: '2663', country: 'Australia' });
    expect(street.body).toMatchObject({ code: 'INVALID_STREET', invalidMsg: 'Invalid Street name (2 to 100 characters)' });
    const tfn = await admin.post(`/api/company/profile/${acme.companyId}/update`).set('Accept-Language', 'vi-VN').send({ name: 'Acme Grain', tfn: '12' });
    expect(tfn.body).toMatchObject({ code: 'INVALID_TFN', invalidMsg: 'Nhập số ABN của Úc (11 chữ số) hoặc mã số thuế Việt Nam (10 hoặc 13 chữ số)' });
    const taken = await browserAgent(t.app).post('/api/auth/register').send(registration(acme.users.staff.email.toUpperCase()));
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('EMAIL_TAKEN');
  });
});

describe('users', () => {
  it('creates users whose role names a group, pages and searches them', async () => {
    const admin = await loginAs(t.app, acme.users.admin.email, TEST_PASSWORD);
    const form = await admin.get('/api/company/user/create');
    expect(form.body.groups.map((g: { groupName: string }) => g.groupName)).toEqual(expect.arrayContaining(['manager', 'staff', 'signer']));
    const bad = await admin
      .post('/api/company/user/create')
      .send({ email: 'x@acme.test', password: 'Harvest#2025', firstname: 'X', lastname: 'Y', role: 'pilot' });
    expect(bad.body.code).toBe('INVALID_ROLE');
    for (let i = 0; i < 12; i++) {
      const res = await admin.post('/api/company/user/create').send({
        email: `farmhand${i}@acme.test`,
        password: 'Harvest#2025',
        firstname: 'Farmhand',
        lastname: `Number ${'abcdefghijkl'[i]}`,
        role: 'Staff',
      });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ role: 'staff', status: 'active', company: acme.companyId });
    }
    const page2 = await admin.get('/api/company/users?page=2&pageSize=5');
    expect(page2.body.total).toBe(16);
    expect(page2.body.user_list).toHaveLength(5);
    const all = await admin.get('/api/company/users?pageSize=100');
    expect(all.body.user_list.slice(5, 10).map((u: { _id: string }) => u._id)).toEqual(page2.body.user_list.map((u: { _id: string }) => u._id));
    const found = await admin.get('/api/company/users?q=farmhand%20number%20c');
    expect(found.body.total).toBe(1);
    expect(found.body.user_list[0].email).toBe('farmhand2@acme.test');
    const byEmail = await admin.get('/api/company/users?q=FARMHAND1');
    expect(byEmail.body.total).toBe(3); // farmhand1, farmhand10, farmhand11
    expect((await loginAs(t.app, 'farmhand3@acme.test', 'Harvest#2025')).constructor).toBeDefined();
  });

  it('locks a user: their session ends and they cannot sign in; unlocking restores it', async () => {
    const admin = await loginAs(t.app, acme.users.admin.email, TEST_PASSWORD);
    const co = await seedCompanyWithUsers(t.db.knex, 'Lock Co', ['admin', 'staff']);
    const lockAdmin = await loginAs(t.app, co.users.admin.email, TEST_PASSWORD);
    const staff = await loginAs(t.app, co.users.staff.email, TEST_PASSWORD);
    expect((await lockAdmin.post(`/api/company/user/${co.users.staff.id}/update`).send({ status: 'locked' })).body.user.status).toBe('locked');
    expect((await staff.get('/api/auth/current_user')).status).toBe(401);
    expect((await browserAgent(t.app).post('/api/auth/login').send({ email: co.users.staff.email, password: TEST_PASSWORD })).status).toBe(403);
    // Acme's admin cannot touch Lock Co's user: 404.
    expect((await admin.post(`/api/company/user/${co.users.staff.id}/update`).send({ status: 'active' })).status).toBe(404);
    await lockAdmin.post(`/api/company/user/${co.users.staff.id}/update`).send({ status: 'active' });
    expect((await browserAgent(t.app).post('/api/auth/login').send({ email: co.users.staff.email, password: TEST_PASSWORD })).status).toBe(200);
    // An admin cannot change their own role or status through update.
    expect((await lockAdmin.post(`/api/company/user/${co.users.admin.id}/update`).send({ status: 'inactive' })).status).toBe(403);
  });

  it("edits one's own profile and password; the password change needs the current one", async () => {
    const co = await seedCompanyWithUsers(t.db.knex, 'Profile Co', ['admin', 'staff']);
    const staff = await loginAs(t.app, co.users.staff.email, TEST_PASSWORD);
    const me = co.users.staff.id;
    expect((await staff.post(`/api/company/user/${me}/update_profile`).send({ firstname: 'Trần', phone: '+84912345678' })).body.user).toMatchObject({
      firstname: 'Trần',
      phone: '+84912345678',
      role: 'staff',
    });
    expect((await staff.post(`/api/company/user/${co.users.admin.id}/update_profile`).send({ firstname: 'Evil' })).status).toBe(403);
    expect((await staff.post(`/api/company/user/${me}/update_profile`).send({ role: 'admin' })).body.user.role).toBe('staff');
    const wrong = await staff.post(`/api/company/user/${me}/update_password`).send({ password: 'NewHarvest#1', currentPassword: 'nope' });
    expect(wrong.body.code).toBe('CURRENT_PASSWORD_WRONG');
    const other = await loginAs(t.app, co.users.staff.email, TEST_PASSWORD);
    const ok = await staff
      .post(`/api/company/user/${me}/update_password`)
      .send({ password: 'NewHarvest#1', confirmPassword: 'NewHarvest#1', currentPassword: TEST_PASSWORD });
    expect(ok.status).toBe(200);
    expect((await staff.get('/api/auth/current_user')).status).toBe(200); // this session stays
    expect((await other.get('/api/auth/current_user')).status).toBe(401); // the other one ended
    await loginAs(t.app, co.users.staff.email, 'NewHarvest#1');
  });

  it('deletes a user for real (after which they cannot sign in) but never oneself', async () => {
    const co = await seedCompanyWithUsers(t.db.knex, 'Delete Co', ['admin', 'staff']);
    const admin = await loginAs(t.app, co.users.admin.email, TEST_PASSWORD);
    expect((await admin.post(`/api/company/user/${co.users.admin.id}/delete`).send({})).body.code).toBe('CANNOT_DELETE_SELF');
    expect((await admin.post(`/api/company/user/${co.users.staff.id}/delete`).send({})).body).toEqual({ deleted: true, _id: co.users.staff.id });
    expect((await admin.get(`/api/company/user/${co.users.staff.id}`)).status).toBe(404);
    expect((await admin.get('/api/company/users')).body.total).toBe(1);
    expect((await browserAgent(t.app).post('/api/auth/login').send({ email: co.users.staff.email, password: TEST_PASSWORD })).status).toBe(401);
  });
});

describe('groups', () => {
  it('creates a group with viewInfo by default, refuses duplicates, renames roles with the group', async () => {
    const co = await seedCompanyWithUsers(t.db.knex, 'Group Co', ['admin', 'staff']);
    const admin = await loginAs(t.app, co.users.admin.email, TEST_PASSWORD);
    const created = await admin.post('/api/company/group/create').send({ groupName: 'Kế toán' });
    expect(created.status).toBe(201);
    expect(created.body.group).toMatchObject({ groupName: 'Kế toán', status: 'active', roles: ['viewInfo'] });
    expect(created.body.groups).toHaveLength(2);
    expect((await admin.post('/api/company/group/create').send({ groupName: 'kế TOÁN' })).status).toBe(409);
    const staffGroup = co.groups.staff;
    const renamed = await admin
      .post(`/api/company/group/${staffGroup}/update`)
      .send({ groupName: 'field staff', status: 'active', roles: ['viewInfo', 'viewApproval'] });
    expect(renamed.body.group).toMatchObject({ groupName: 'field staff', roles: ['viewInfo', 'viewApproval'] });
    expect((await admin.get(`/api/company/user/${co.users.staff.id}`)).body.user.role).toBe('field staff');
    const staff = await loginAs(t.app, co.users.staff.email, TEST_PASSWORD);
    // A deactivated group grants nothing.
    await admin.post(`/api/company/group/${staffGroup}/update`).send({ groupName: 'field staff', status: 'inactive', roles: ['viewInfo', 'signApproval'] });
    expect((await staff.post('/api/company/signature/create').send({ password: 'Sig#nature1' })).status).toBe(403);
  });

  it('lets an editSystem holder grant only the permissions they hold', async () => {
    const co = await seedCompanyWithUsers(t.db.knex, 'Grant Co', ['admin', 'sysop'], { sysop: ['editSystem', 'viewSystem', 'viewInfo'] });
    const sysop = await loginAs(t.app, co.users.sysop.email, TEST_PASSWORD);
    expect((await sysop.post('/api/company/group/create').send({ groupName: 'viewers', roles: ['viewInfo'] })).status).toBe(201);
    expect((await sysop.post('/api/company/group/create').send({ groupName: 'deleters', roles: ['deleteSystem'] })).status).toBe(403);
    expect((await sysop.post(`/api/company/group/${co.groups.sysop}/update`).send({ groupName: 'sysop', roles: ['editSystem', 'deleteSystem'] })).status).toBe(
      403,
    );
    expect(
      (
        await sysop
          .post('/api/company/user/create')
          .send({ email: 'boss@grant.test', password: 'Harvest#2025', firstname: 'Boss', lastname: 'Man', role: 'admin' })
      ).status,
    ).toBe(403);
    const denied = await t.db.knex('auth_events').where({ kind: 'access_denied', user_id: co.users.sysop.id });
    expect(denied.length).toBe(3);
  });
});

describe('digital signature', () => {
  it('creates a key pair and a certificate from the company CA; an update is a new key', async () => {
    const signer = await loginAs(t.app, acme.users.signer.email, TEST_PASSWORD);
    const bad = await signer.post('/api/company/signature/create').send({ password: 'Sig#nature1', confirmPassword: 'Sig#nature2' });
    expect(bad.body.code).toBe('PASSWORD_MISMATCH');
    const res = await signer
      .post('/api/company/signature/create')
      .send({ password: 'Sig#nature1', confirmPassword: 'Sig#nature1', effectiveDate: '2026-01-05' });
    expect(res.status).toBe(201);
    const sig = res.body.signature;
    expect(sig).toMatchObject({ effectiveDate: '2026-01-05', creator: acme.users.signer.id, algorithm: 'ECDSA-P256-SHA256' });
    expect(sig.guid).toMatch(/^[0-9a-f-]{36}$/);
    const cert = new X509Certificate(sig.certificate);
    const ca = new X509Certificate((await signer.get('/api/company/signature/ca')).body.certificate);
    expect(cert.checkIssued(ca) && cert.verify(ca.publicKey)).toBe(true);
    expect(ca.ca).toBe(true);
    expect(cert.subject).toContain(`UID=${acme.users.signer.id}`);
    expect(new Date(cert.validFrom).toISOString()).toBe('2026-01-05T00:00:00.000Z');
    const stored = await t.db.knex('signatures').where({ id: sig._id }).first();
    expect(stored.private_key_pem).toContain('BEGIN ENCRYPTED PRIVATE KEY');
    expect((await signer.get('/api/auth/current_user')).body.user.signature).toBe(sig._id);

    const data = Buffer.from('sha256 of certificate 20260105-1');
    const signed = await t.deps.stores.signatures.sign(acme.users.signer.id, 'Sig#nature1', data);
    const check = await signer
      .post('/api/company/signature/verify')
      .send({ data: data.toString('base64'), signature: signed.signature, certificatePem: signed.certificatePem });
    expect(check.body.verification).toMatchObject({ valid: true, userId: acme.users.signer.id, companyId: acme.companyId });
    await expect(t.deps.stores.signatures.sign(acme.users.signer.id, 'wrong', data)).rejects.toMatchObject({ code: 'SIGNATURE_PASSWORD_WRONG' });

    // an update makes a new key (new id and GUID) and takes the current key's password
    const upd = await signer
      .post(`/api/company/signature/${sig._id}/update`)
      .send({ password: 'Sig#nature9', oldPassword: 'Sig#nature1', _id: sig._id, effectiveDate: '2026-02-01' });
    expect(upd.body.signature).toMatchObject({ effectiveDate: '2026-02-01' });
    expect([upd.body.signature._id, upd.body.signature.guid]).not.toContain(sig._id);
    expect(upd.body.signature.guid).not.toBe(sig.guid);
    expect(new Date(upd.body.signature.lastModified).getTime()).toBeGreaterThan(new Date(sig.lastModified).getTime());
    await expect(t.deps.stores.signatures.sign(acme.users.signer.id, 'Sig#nature1', data)).rejects.toMatchObject({ code: 'SIGNATURE_PASSWORD_WRONG' });
    // The earlier signature still verifies: its certificate travels with it.
    const old = await signer
      .post('/api/company/signature/verify')
      .send({ data: data.toString('base64'), signature: signed.signature, certificatePem: signed.certificatePem });
    expect(old.body.verification.valid).toBe(true);
    // Another user cannot update it.
    const staff = await loginAs(t.app, acme.users.staff.email, TEST_PASSWORD);
    expect(
      (await staff.post(`/api/company/signature/${upd.body.signature._id}/update`).send({ password: 'Sig#nature9', oldPassword: 'Sig#nature9' })).status,
    ).toBe(403);
  });
});

describe('password reset by e-mailed single-use link', () => {
  /** The reset is worked through after the answer: waits until the request for `email` is done. */
  async function resetDone(email: string) {
    for (let i = 0; i < 200; i++) {
      if ((await t.deps.stores.authLog.events({ kind: 'password_reset_requested', email })).length) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`reset request for ${email} was not worked through`);
  }
  it('mails a link whose token sets a new password once', async () => {
    const co = await seedCompanyWithUsers(t.db.knex, 'Reset Co', ['admin', 'staff']);
    const email = co.users.staff.email;
    const session = await loginAs(t.app, email, TEST_PASSWORD);
    const res = await browserAgent(t.app).post('/api/company/user/reset_password').send({ email });
    expect(res.body).toEqual({ message: 'Please check your email for a link to set a new password' });
    const unknown = await browserAgent(t.app).post('/api/company/user/reset_password').send({ email: 'ghost@reset-co.test' });
    expect(unknown.body).toEqual(res.body);
    await resetDone(email);
    await resetDone('ghost@reset-co.test');
    const mails = await t.mailbox.list({ to: email });
    expect(mails).toHaveLength(1);
    expect(await t.mailbox.list({ to: 'ghost@reset-co.test' })).toHaveLength(0);
    const token = /\/views\/resetpassword\?token=([A-Za-z0-9_-]+)/.exec(mails[0].text ?? '')![1];
    expect((await browserAgent(t.app).post('/api/company/user/reset_password/check').send({ token })).body.valid).toBe(true);
    const done = await browserAgent(t.app)
      .post('/api/company/user/reset_password/confirm')
      .send({ token, password: 'Reset#2025ok', confirmPassword: 'Reset#2025ok' });
    expect(done.status).toBe(200);
    expect((await session.get('/api/auth/current_user')).status).toBe(401);
    const reuse = await browserAgent(t.app).post('/api/company/user/reset_password/confirm').set('x-lang', 'vn').send({ token, password: 'Reset#2025no' });
    expect(reuse.body).toMatchObject({ code: 'RESET_TOKEN_INVALID', invalidMsg: 'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn' });
    expect((await browserAgent(t.app).post('/api/auth/login').send({ email, password: TEST_PASSWORD })).status).toBe(401);
    await loginAs(t.app, email, 'Reset#2025ok');
  });

  it('refuses an expired link and mails in Vietnamese when asked', async () => {
    const co = await seedCompanyWithUsers(t.db.knex, 'Expiry Co', ['staff']);
    await browserAgent(t.app).post('/api/company/user/reset_password').set('x-lang', 'vn').send({ email: co.users.staff.email });
    await resetDone(co.users.staff.email);
    const [mail] = await t.mailbox.list({ to: co.users.staff.email });
    expect(mail.subject).toBe('Đặt lại mật khẩu');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1];
    await t.db.knex('password_reset_tokens').update({ expires_at: new Date(Date.now() - 1000) });
    const res = await request(t.app)
      .post('/api/company/user/reset_password/confirm')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ token, password: 'Reset#2025ok' });
    expect(res.body.code).toBe('RESET_TOKEN_INVALID');
  });
});
