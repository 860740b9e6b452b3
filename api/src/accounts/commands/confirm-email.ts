/**
 * The link mailed to a new address: opening it (the page posts the token) makes the change. No session
 * is needed — the password was given when the change was asked for, and the token proves the new
 * mailbox; the old address is told (the change stands even if it cannot be reached).
 */
import { AppError } from '@grain/domain';
import { emailChangeMails } from '../support/account-notice';
import type { AccountCommandDeps, AccountOrigin } from './command-deps';

export async function confirmEmail({ token, origin }: { token: string; origin: AccountOrigin }, deps: AccountCommandDeps): Promise<{ email: string }> {
  const { users, emailChanges, authLog } = deps.stores;
  const change = token.length >= 10 && token.length <= 200 ? await emailChanges.consume(token) : null;
  const u = change ? await users.byId(change.userId) : null;
  if (!change || !u || u.status !== 'active') throw new AppError('EMAIL_CHANGE_INVALID');
  if (await users.emailTaken(change.newEmail, u.id)) throw new AppError('EMAIL_TAKEN');
  await users.update(u.id, { email: change.newEmail });
  await authLog.event({ kind: 'email_changed', userId: u.id, companyId: u.companyId, ip: origin.ip, detail: { by: u.id, confirmed: true } });
  const notice = emailChangeMails(`${u.firstname} ${u.lastname}`, change.newEmail, '').changed;
  await deps.adapters.mail.send({ to: u.email, ...notice }).catch((e: Error) => console.error('[accounts] notice failed:', e.message));
  return { email: change.newEmail };
}
