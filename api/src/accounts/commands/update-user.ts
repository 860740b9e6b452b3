/**
 * Changes a user of the caller's company (editSystem). Nobody changes their own role or status; only
 * an admin changes an admin or another user's e-mail (its owner is mailed first, then signed out);
 * one's own e-mail changes only through the confirmed path, as on the profile; the company keeps one
 * active admin. Answers the user, and the address waiting for confirmation when one's own changes.
 */
import { AppError } from '@grain/domain';
import type { UserRow } from '@grain/persistence';
import { parseInput } from '../../http/parse-input';
import { holding, refuse } from '../support/access';
import { sendAccountNotice } from '../support/account-notice';
import { requestOwnEmailChange } from '../support/email-change';
import { accountForms } from '../support/forms';
import {
  changeKeepingOneAdmin,
  changesEmail,
  endSessionsIfBlocked,
  grantableRole,
  guardAdminTarget,
  guardCredentials,
  keepOneAdmin,
  userOfCompany,
} from '../support/user-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function updateUser(
  { caller, userId, body }: { caller: AccountCaller; userId: string; body: unknown },
  deps: AccountCommandDeps,
): Promise<{ user: UserRow; emailChangePending?: string }> {
  const { stores } = deps;
  const a = await holding(stores, caller, 'editSystem');
  const u = await userOfCompany(stores, caller, userId);
  await guardAdminTarget(stores, caller, u);
  const b = parseInput((await accountForms(stores, a.companyId, caller.origin.lang)).userUpdateSchema, body);
  const self = u.id === a.id;
  if (self && ((b.role && b.role !== u.role) || (b.status && b.status !== u.status))) await refuse(stores, caller, { reason: 'own role or status' });
  const role = b.role && b.role !== u.role ? await grantableRole(stores, caller, b.role) : undefined;
  const newEmail = !self && changesEmail(u, b.email) ? b.email : undefined;
  if (newEmail) await guardCredentials(stores, caller, u, 'email');
  if (newEmail && (await stores.users.emailTaken(newEmail, u.id))) throw new AppError('EMAIL_TAKEN');
  // Checked before the notice goes out too, so nobody is told of a change that will not happen.
  await keepOneAdmin(stores.users, u, { role, status: b.status });
  if (newEmail) await sendAccountNotice(deps.adapters, u.email, 'email', `${u.firstname} ${u.lastname}`, newEmail);
  const pending = self && changesEmail(u, b.email) ? await requestOwnEmailChange(deps, caller, u, b.email, b.currentPassword) : undefined;
  await changeKeepingOneAdmin(stores, u, { role, status: b.status }, (tx) =>
    tx.users.update(u.id, { email: newEmail, firstname: b.firstname, lastname: b.lastname, phone: b.phone, role, status: b.status }),
  );
  await endSessionsIfBlocked(stores, u, b.status);
  if (newEmail) {
    await stores.sessions.endAllFor(u.id);
    await stores.authLog.event({ kind: 'email_changed', userId: u.id, companyId: u.companyId, ip: caller.origin.ip, detail: { by: a.id } });
  }
  return { user: (await stores.users.byId(u.id))!, ...(pending ? { emailChangePending: pending } : {}) };
}
