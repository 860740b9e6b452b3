/**
 * Mails a single-use link that expires in an hour (the old system mailed a new password;
 * docs/spec-deviations.md), at most MAX_RESETS_PER_HOUR per account. The route answers before this runs,
 * so a known and an unknown address take the same path to the same answer in the same time, and a mail
 * failure cannot show in it either. The link opens /views/resetpassword?token=...
 */
import type { Language } from '@grain/domain';
import { resetMail } from '../support/account-notice';
import type { AccountCommandDeps } from './command-deps';

/** At most this many reset mails per account per hour, so the form cannot flood a mailbox. */
const MAX_RESETS_PER_HOUR = 3;

export async function requestPasswordReset({ email, lang, ip }: { email: string; lang: Language; ip?: string }, deps: AccountCommandDeps): Promise<void> {
  const { users, resetTokens: tokens, authLog: log } = deps.stores;
  const user = await users.byEmailWithHash(email);
  let mailed = false;
  if (user && (await tokens.countIssuedSince(user.id, new Date(Date.now() - 3600_000))) < MAX_RESETS_PER_HOUR) {
    await tokens.voidFor(user.id);
    const { token } = await tokens.issue(user.id);
    const link = `${deps.config.publicUrl.replace(/\/$/, '')}/views/resetpassword?token=${token}`;
    const mail = resetMail(lang, link, `${user.firstname} ${user.lastname}`);
    await deps.adapters.mail.send({ to: user.email, subject: mail.subject, text: mail.text });
    mailed = true;
  }
  // Logged once the work is done: the audit log (never shown to the requester) says what happened.
  await log.event({ kind: 'password_reset_requested', userId: user?.id, companyId: user?.companyId, email, ip, detail: { mailed } });
}
