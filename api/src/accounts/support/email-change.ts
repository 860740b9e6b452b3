import { AppError } from '@grain/domain';
import type { UserRow } from '@grain/persistence';
import type { AccountCaller, AccountCommandDeps } from '../commands/command-deps';
import { emailChangeMails, sendRequiredMail } from './account-notice';
import { checkCurrentPassword } from './current-password';

/** At most this many changes of one's own e-mail address per hour (each mails two addresses). */
const MAX_EMAIL_CHANGES_PER_HOUR = 3;

/**
 * A change of one's own e-mail address (issue 26): it needs the current password (checked as a sign-in
 * is, current-password.ts), tells the old address, and happens only when the link mailed to the new
 * address is opened (confirm_email). Answers the pending address.
 */
export async function requestOwnEmailChange(
  deps: AccountCommandDeps,
  caller: AccountCaller,
  u: UserRow,
  newEmail: string,
  currentPassword: string | undefined,
): Promise<string> {
  const { users, emailChanges, authLog } = deps.stores;
  await checkCurrentPassword(deps.stores, caller, currentPassword);
  if (await users.emailTaken(newEmail, u.id)) throw new AppError('EMAIL_TAKEN');
  if ((await emailChanges.countSince(u.id, new Date(Date.now() - 3600_000))) >= MAX_EMAIL_CHANGES_PER_HOUR) throw new AppError('EMAIL_CHANGE_THROTTLED');
  const { token } = await emailChanges.request(u.id, newEmail);
  const link = `${deps.config.publicUrl.replace(/\/$/, '')}/views/confirm-email?token=${token}`;
  const mails = emailChangeMails(`${u.firstname} ${u.lastname}`, newEmail, link);
  await sendRequiredMail(deps.adapters, newEmail, mails.confirm);
  await sendRequiredMail(deps.adapters, u.email, mails.requested);
  await authLog.event({ kind: 'email_change_requested', userId: u.id, companyId: u.companyId, ip: caller.origin.ip, detail: { to: newEmail } });
  return newEmail;
}
