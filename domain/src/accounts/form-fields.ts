import { z } from 'zod';
import type { MessageCode } from '../messages';
import { ACCOUNT_STATUSES } from '../permissions';
import { RULES, ruleString } from '../validation';

/** Fields the account forms share (schemas.ts, account-forms.ts); not part of the package's surface. */
export const code = (c: MessageCode) => ({ message: c });

/** Confirmation differs only when both are non-empty and differ (docs/spec/approvals.md §5). */
export function confirmMatches<T extends { password?: string; confirmPassword?: string }>(v: T, ctx: z.RefinementCtx) {
  if (v.password && v.confirmPassword && v.password !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'PASSWORD_MISMATCH' satisfies MessageCode });
  }
}

const id = () => z.string().trim().max(64);
export const optionalId = () => z.union([z.literal(''), z.null(), id()]).optional();
/** Not trimmed: a password is taken exactly as typed. */
export const password = () =>
  z
    .string()
    .max(200, code('PASSWORD_TOO_SIMPLE'))
    .superRefine((v, ctx) => {
      if (!v) ctx.addIssue({ code: 'custom', message: RULES.password.required });
      else if (!RULES.password.re.test(v)) ctx.addIssue({ code: 'custom', message: RULES.password.code });
    });
export const email = () => ruleString('email').max(320, code('INVALID_EMAIL'));

export const status = () => z.enum(ACCOUNT_STATUSES, code('INVALID_STATUS'));
export const role = () => z.string().trim().min(1, code('INVALID_ROLE')).max(50, code('INVALID_ROLE'));
