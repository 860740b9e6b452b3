/**
 * Signs in with e-mail and password. Slowed by growing delays (the rule and its reasons: domain
 * accounts/login-throttle.ts; support/sign-in-throttle.ts): per account and address, per account from
 * every address, per address across accounts. Every attempt is logged; an unknown e-mail costs the same
 * time as a wrong password. Answers the user's id and the new session's token.
 */
import { AppError } from '@grain/domain';
import { hashPassword, verifyPassword } from '@grain/persistence';
import { startSession } from '../support/sessions';
import { assertMayTryPassword } from '../support/sign-in-throttle';
import type { AccountCommandDeps, AccountOrigin } from './command-deps';

// Compared against when the e-mail is unknown, so a miss costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword('not-a-real-password-!A1'));

export interface SignInOptions {
  email: string;
  password: string;
  origin: AccountOrigin;
  /** The session the browser still carries: it ends. */
  oldToken?: string;
}

export async function signIn(o: SignInOptions, { stores }: AccountCommandDeps): Promise<{ userId: string; token: string }> {
  const { users, authLog: log } = stores;
  const email = o.email.toLowerCase();
  const { ip } = o.origin;
  const base = { email, ip, method: o.origin.method, path: o.origin.path };
  await assertMayTryPassword(stores, email, ip, (waitMs) => log.event({ kind: 'login_throttled', ...base, detail: { waitMs } }));
  const user = await users.byEmailWithHash(email);
  const ok = await verifyPassword(o.password, user?.passwordHash ?? (await dummy()));
  if (!user || !ok) {
    await log.attempt(email, ip, false);
    await log.event({ kind: 'login_failed', userId: user?.id, companyId: user?.companyId, ...base, detail: { reason: user ? 'password' : 'unknown-email' } });
    throw new AppError('LOGIN_FAILED');
  }
  if (user.status !== 'active') {
    await log.event({ kind: 'login_refused_status', userId: user.id, companyId: user.companyId, ...base, detail: { status: user.status } });
    throw new AppError('ACCOUNT_INACTIVE');
  }
  await log.attempt(email, ip, true);
  const token = await startSession(stores, user.id, o.origin, o.oldToken);
  await log.event({ kind: 'login_ok', userId: user.id, companyId: user.companyId, ...base });
  return { userId: user.id, token };
}
