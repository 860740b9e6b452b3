import type { Router } from 'express';
import { featureRouter } from '../http/params';
import { message, resetPasswordConfirmSchema, resetPasswordRequestSchema, type ResetMessageAnswer, type ResetTokenCheckAnswer } from '@grain/domain';
import type { AccountCommandDeps } from './commands/command-deps';
import { parseInput } from '../http/parse-input';
import { langOf } from '../http/lang';
import { checkResetToken } from './commands/check-reset-token';
import { requestPasswordReset } from './commands/request-password-reset';
import { resetPassword } from './commands/reset-password';

/**
 * company/user/reset_password mails a single-use link (commands/request-password-reset.ts). The
 * request is answered before the address is even looked up: the lookup, token and mail run after it.
 */
export function createPasswordResetRouter(deps: AccountCommandDeps): Router {
  const r = featureRouter();

  r.post('/company/user/reset_password', (req, res) => {
    const { email } = parseInput(resetPasswordRequestSchema, req.body ?? {});
    const lang = langOf(req);
    res.json({ message: message('RESET_SENT', lang) } satisfies ResetMessageAnswer);
    requestPasswordReset({ email, lang, ip: req.ip }, deps).catch((e: Error) => console.error('[auth] password reset failed:', e.message));
  });

  r.post('/company/user/reset_password/check', async (req, res) => {
    const token = typeof req.body?.token === 'string' ? req.body.token : '';
    res.json({ valid: await checkResetToken({ token }, deps) } satisfies ResetTokenCheckAnswer);
  });

  r.post('/company/user/reset_password/confirm', async (req, res) => {
    const body = parseInput(resetPasswordConfirmSchema, req.body ?? {});
    await resetPassword({ token: body.token, password: body.password, ip: req.ip }, deps);
    res.json({ message: message('PASSWORD_CHANGED', langOf(req)) } satisfies ResetMessageAnswer);
  });
  return r;
}
