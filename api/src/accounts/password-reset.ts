import type { Router } from 'express';
import { featureRouter } from '../http/params';
import {
  AppError,
  message,
  resetPasswordConfirmSchema,
  resetPasswordRequestSchema,
  type Language,
  type ResetMessageAnswer,
  type ResetTokenCheckAnswer,
} from '@grain/domain';
import { hashPassword } from '@grain/persistence';
import type { ApiDeps } from '../deps';
import { parseInput } from '../http/parse-input';
import { langOf } from '../http/lang';

/** At most this many reset mails per account per hour, so the form cannot flood a mailbox. */
const MAX_RESETS_PER_HOUR = 3;

function resetMail(lang: Language, link: string, name: string) {
  const t = {
    en: {
      subject: 'Reset your password',
      text: `Hello ${name},\n\nSomeone asked to reset the password of your Grain Certificates account. Open this link within one hour to choose a new password (it works once):\n\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.`,
    },
    vn: {
      subject: 'Đặt lại mật khẩu',
      text: `Xin chào ${name},\n\nCó người đã yêu cầu đặt lại mật khẩu tài khoản Grain Certificates của bạn. Mở liên kết này trong vòng một giờ để chọn mật khẩu mới (chỉ dùng được một lần):\n\n${link}\n\nNếu không phải bạn, hãy bỏ qua thư này; mật khẩu của bạn không thay đổi.`,
    },
  }[lang];
  return t;
}

/**
 * company/user/reset_password mails a single-use link that expires in an hour (the old system mailed
 * a new password; docs/spec-deviations.md). The link opens /views/resetpassword?token=..., which
 * checks the token and posts the new password to company/user/reset_password/confirm.
 *
 * The request is answered before the address is even looked up, and the lookup, token and mail run
 * after it: a known and an unknown address take the same path to the same answer in the same time,
 * and a mail failure cannot show in it either.
 */
export function createPasswordResetRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  const { users, resetTokens: tokens, authLog: log, sessions } = deps.stores;

  async function mailResetLink(email: string, lang: Language, ip: string | undefined): Promise<void> {
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

  r.post('/company/user/reset_password', (req, res) => {
    const { email } = parseInput(resetPasswordRequestSchema, req.body ?? {});
    const lang = langOf(req);
    res.json({ message: message('RESET_SENT', lang) } satisfies ResetMessageAnswer);
    mailResetLink(email, lang, req.ip).catch((e: Error) => console.error('[auth] password reset failed:', e.message));
  });

  r.post('/company/user/reset_password/check', async (req, res) => {
    const token = typeof req.body?.token === 'string' ? req.body.token : '';
    res.json({ valid: token.length >= 10 && token.length <= 200 && (await tokens.isValid(token)) } satisfies ResetTokenCheckAnswer);
  });

  r.post('/company/user/reset_password/confirm', async (req, res) => {
    const body = parseInput(resetPasswordConfirmSchema, req.body ?? {});
    const userId = await tokens.consume(body.token);
    if (!userId) throw new AppError('RESET_TOKEN_INVALID');
    await users.setPasswordHash(userId, await hashPassword(body.password));
    await tokens.voidFor(userId);
    await sessions.endAllFor(userId);
    await log.event({ kind: 'password_reset_done', userId, ip: req.ip });
    res.json({ message: message('PASSWORD_CHANGED', langOf(req)) } satisfies ResetMessageAnswer);
  });
  return r;
}
