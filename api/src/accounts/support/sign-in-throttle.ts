import { AppError, loginWaitMs } from '@grain/domain';
import type { Stores } from '@grain/persistence';

/**
 * The wait the sign-in throttle puts on an attempt at `email`'s password from `ip` (domain
 * login-throttle.ts): LOGIN_THROTTLED (429) with how many seconds to wait, which the answer states as
 * Retry-After. Every place that checks an account's password asks here first: the sign-in form, and a
 * signed-in user's own e-mail or password change.
 */
export async function assertMayTryPassword(stores: Stores, email: string, ip: string, onThrottled?: (waitMs: number) => Promise<void>): Promise<void> {
  const wait = loginWaitMs(await stores.authLog.signInHistory(email, ip), Date.now());
  if (wait <= 0) return;
  await onThrottled?.(wait);
  throw new AppError('LOGIN_THROTTLED', { retryAfterSeconds: Math.ceil(wait / 1000) });
}
