import { LOGIN_THROTTLE, loginWaitMs, type SignInHistory } from './login-throttle';

const NOW = 10_000_000_000;
const none = { count: 0, last: null };
const failures = (count: number, msAgo = 1000) => ({ count, last: new Date(NOW - msAgo) });
const history = (h: Partial<SignInHistory>): SignInHistory => ({ pair: none, account: none, address: none, knownAddress: false, ...h });

describe('the sign-in throttle (login-throttle.ts)', () => {
  it('holds back an account guessed at from many addresses, the right password included, past its free failures', () => {
    expect(loginWaitMs(history({ account: failures(LOGIN_THROTTLE.account.free - 1) }), NOW)).toBe(0);
    expect(loginWaitMs(history({ account: failures(LOGIN_THROTTLE.account.free) }), NOW)).toBe(LOGIN_THROTTLE.account.baseMs - 1000);
    // a day of guesses at the cap is ~96 more: bounded
    expect(loginWaitMs(history({ account: failures(LOGIN_THROTTLE.account.free + 40) }), NOW)).toBe(LOGIN_THROTTLE.account.maxMs - 1000);
  });
  it("does not hold back the account's owner at an address it signed in from before", () => {
    const h = history({ account: failures(50), address: failures(500), knownAddress: true });
    expect(loginWaitMs(h, NOW)).toBe(0);
    // but someone guessing from that very address is still slowed by the pair count
    expect(loginWaitMs({ ...h, pair: failures(LOGIN_THROTTLE.pair.free) }, NOW)).toBeGreaterThan(0);
  });
  it('slows an address that fails for many accounts, for accounts not known there', () => {
    expect(loginWaitMs(history({ address: failures(LOGIN_THROTTLE.address.free) }), NOW)).toBeGreaterThan(0);
    expect(loginWaitMs(history({ address: failures(LOGIN_THROTTLE.address.free), knownAddress: true }), NOW)).toBe(0);
  });
});
