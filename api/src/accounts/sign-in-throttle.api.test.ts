import { createTestApp, type TestApp } from '../testing/test-app';
import { browserAgent, seedCompanyWithUsers, TEST_PASSWORD, type SeededCompany } from '../testing/session';

/**
 * Both sides of the sign-in throttle (domain accounts/login-throttle.ts): a correct password from a
 * shared address is not held back by other people's mistakes there, and guesses at one account stay
 * bounded however many addresses they come from.
 */
let t: TestApp;
let co: SeededCompany;
beforeAll(async () => {
  t = await createTestApp();
  co = await seedCompanyWithUsers(t.db.knex, 'Wimmera Co-op', ['admin', 'manager', 'staff', 'signer']);
});
afterAll(() => t.close());
beforeEach(() => t.db.knex('login_attempts').delete());

const signIn = (ip: string, email: string, password: string) =>
  browserAgent(t.app).post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });

describe('a shared office address', () => {
  it("lets a co-worker in with the right password after others' failures there, while a sprayer stays slowed", async () => {
    const office = '10.20.0.1';
    // the co-op's clerk has signed in from the office before
    expect((await signIn(office, co.users.staff.email, TEST_PASSWORD)).status).toBe(200);
    // 20 failed sign-ins for unknown e-mails from the same address (typos, a sprayer behind the same NAT)
    for (let i = 0; i < 20; i++) expect((await signIn(office, `nobody${i}@wimmera.test`, 'Wrong#pass1')).status).toBe(401);
    // from now on the address is slowed for accounts not known there
    expect((await signIn(office, 'nobody20@wimmera.test', 'Wrong#pass1')).status).toBe(429);
    const clerk = await signIn(office, co.users.staff.email, TEST_PASSWORD);
    expect(clerk.status).toBe(200);
    // a new colleague who registered at the office signs in there too
    const newcomer = browserAgent(t.app).set('X-Forwarded-For', office);
    const reg = await newcomer
      .post('/api/auth/register')
      .send({ email: 'newcomer@wimmera.test', password: 'Harvest#2025', firstname: 'Siobhan', lastname: "O'Brien", role: 'staff' });
    expect(reg.status).toBe(201);
    expect((await signIn(office, 'newcomer@wimmera.test', 'Harvest#2025')).status).toBe(200);
    // an account never signed in to from there is still slowed at that address: the spray stays bounded
    const sprayed = await signIn(office, co.users.manager.email, TEST_PASSWORD);
    expect([sprayed.status, sprayed.body.code]).toEqual([429, 'LOGIN_THROTTLED']);
    expect(Number(sprayed.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('one account guessed at from many addresses', () => {
  it('holds the account back after its free failures, the right password included, except from its own known address', async () => {
    const victim = co.users.signer.email;
    expect((await signIn('10.40.0.1', victim, TEST_PASSWORD)).status).toBe(200); // the owner's farm office
    for (let i = 0; i < 10; i++) expect((await signIn(`10.30.0.${i + 1}`, victim, `Guess#${i}aa`)).status).toBe(401);
    // an 11th address, with the right password: held back, so the guesser learns nothing
    const rotated = await signIn('10.30.1.1', victim, TEST_PASSWORD);
    expect([rotated.status, rotated.body.code, rotated.body.invalidMsg]).toEqual([429, 'LOGIN_THROTTLED', 'Too many sign-in attempts. Try again later.']);
    const inVn = await browserAgent(t.app)
      .post('/api/auth/login')
      .set('X-Forwarded-For', '10.30.1.2')
      .set('x-lang', 'vn')
      .send({ email: victim, password: TEST_PASSWORD });
    expect(inVn.body.invalidMsg).toBe('Quá nhiều lần đăng nhập. Vui lòng thử lại sau.');
    // the owner, from where they always sign in, is not locked out
    expect((await signIn('10.40.0.1', victim, TEST_PASSWORD)).status).toBe(200);
    expect((await t.deps.stores.authLog.events({ kind: 'login_throttled', email: victim })).length).toBe(2);
  });
});

describe("a held session guessing at its own account's password", () => {
  it('counts wrong current passwords of a password change as failed sign-ins, and holds the change back like a sign-in', async () => {
    const office = '10.50.0.1';
    const me = co.users.manager;
    const session = browserAgent(t.app).set('X-Forwarded-For', office);
    expect((await session.post('/api/auth/login').send({ email: me.email, password: TEST_PASSWORD })).status).toBe(200);
    const change = (currentPassword: string) =>
      session.post(`/api/company/user/${me.id}/update_password`).send({ password: 'Changed#2025x', confirmPassword: 'Changed#2025x', currentPassword });
    // the pair's free failures (login-throttle.ts), each refused as a wrong current password
    for (let i = 0; i < 5; i++) expect((await change(`Guess#${i}aa`)).body.code).toBe('CURRENT_PASSWORD_WRONG');
    expect((await t.deps.stores.authLog.signInHistory(me.email, office)).pair.count).toBe(5);
    // the next guess waits, the right password included, and says how long
    const held = await change(TEST_PASSWORD);
    expect([held.status, held.body.code]).toEqual([429, 'LOGIN_THROTTLED']);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    // and the sign-in form is held back the same way: the guesses were counted against the account
    const signInNow = await signIn(office, me.email, TEST_PASSWORD);
    expect([signInNow.status, signInNow.body.code]).toEqual([429, 'LOGIN_THROTTLED']);
  });
});
