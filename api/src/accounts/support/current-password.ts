import { AppError } from '@grain/domain';
import { verifyPassword, type Stores, type UserWithHash } from '@grain/persistence';
import type { AccountCaller } from '../commands/command-deps';
import { assertMayTryPassword } from './sign-in-throttle';

const fields = (code: 'CURRENT_PASSWORD_REQUIRED' | 'CURRENT_PASSWORD_WRONG') => ({ fields: [{ path: 'currentPassword', code }] });

/**
 * A signed-in caller proves they know their password (a change of their own e-mail address or password
 * needs it). A wrong one counts as a failed sign-in of the account from the caller's address, and the
 * sign-in throttle holds the check back as it holds the sign-in form: a held session cannot be used to
 * guess the password faster than signing in allows. Answers the caller's row.
 */
export async function checkCurrentPassword(stores: Stores, caller: AccountCaller, password: string | undefined): Promise<UserWithHash> {
  if (!password) throw new AppError('CURRENT_PASSWORD_REQUIRED', fields('CURRENT_PASSWORD_REQUIRED'));
  const me = (await stores.users.byEmailWithHash(caller.email))!;
  await assertMayTryPassword(stores, me.email, caller.origin.ip);
  if (!(await verifyPassword(password, me.passwordHash))) {
    await stores.authLog.attempt(me.email, caller.origin.ip, false);
    throw new AppError('CURRENT_PASSWORD_WRONG', fields('CURRENT_PASSWORD_WRONG'));
  }
  return me;
}
