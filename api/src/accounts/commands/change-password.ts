/**
 * A new password: one's own (the current password is checked as a sign-in is: support/current-password.ts;
 * the caller's other sessions end), or another user's by an admin holding editSystem (its owner is
 * mailed first and signed out everywhere).
 */
import type { PasswordUpdateInput } from '@grain/domain';
import { hashPassword, type UserRow } from '@grain/persistence';
import { holding } from '../support/access';
import { sendAccountNotice } from '../support/account-notice';
import { checkCurrentPassword } from '../support/current-password';
import { guardAdminTarget, guardCredentials, userOfCompany } from '../support/user-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function changePassword(
  { caller, userId, input }: { caller: AccountCaller; userId: string; input: PasswordUpdateInput },
  deps: AccountCommandDeps,
): Promise<UserRow> {
  const { stores } = deps;
  const self = userId === caller.access.id;
  let u: UserRow;
  if (self) {
    u = await checkCurrentPassword(stores, caller, input.currentPassword);
  } else {
    await holding(stores, caller, 'editSystem');
    u = await userOfCompany(stores, caller, userId);
    await guardAdminTarget(stores, caller, u);
    await guardCredentials(stores, caller, u, 'password');
    await sendAccountNotice(deps.adapters, u.email, 'password', `${u.firstname} ${u.lastname}`);
  }
  await stores.users.setPasswordHash(u.id, await hashPassword(input.password));
  await stores.sessions.endAllFor(u.id, self ? caller.sessionToken : undefined);
  await stores.authLog.event({ kind: 'password_changed', userId: u.id, companyId: u.companyId, ip: caller.origin.ip, detail: { by: caller.access.id } });
  return u;
}
