import { z } from 'zod';
import type { MessageCode } from '../messages';
import { PERMISSIONS, ACCOUNT_STATUSES, DEFAULT_GROUP_PERMISSIONS } from '../permissions';
import { RULES, dateText, optionalRule, ruleString } from '../validation';

/**
 * The account forms of docs/spec/approvals.md §5, shared by the UI (react-hook-form + zodResolver) and the API.
 * Every issue message is a message code; translate with `message(code, lang)`.
 */
const code = (c: MessageCode) => ({ message: c });

/** Confirmation differs only when both are non-empty and differ (docs/spec/approvals.md §5). */
function confirmMatches<T extends { password?: string; confirmPassword?: string }>(v: T, ctx: z.RefinementCtx) {
  if (v.password && v.confirmPassword && v.password !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'PASSWORD_MISMATCH' satisfies MessageCode });
  }
}

const id = () => z.string().trim().max(64);
const optionalId = () => z.union([z.literal(''), z.null(), id()]).optional();
/** Not trimmed: a password is taken exactly as typed. */
const password = () =>
  z
    .string()
    .max(200, code('PASSWORD_TOO_SIMPLE'))
    .superRefine((v, ctx) => {
      if (!v) ctx.addIssue({ code: 'custom', message: RULES.password.required });
      else if (!RULES.password.re.test(v)) ctx.addIssue({ code: 'custom', message: RULES.password.code });
    });
const email = () => ruleString('email').max(320, code('INVALID_EMAIL'));

/** What a new user states, whether registering themselves or added by an administrator. */
const newUserFields = () => ({
  email: email(),
  password: password(),
  confirmPassword: z.string().optional(),
  firstname: ruleString('personName'),
  lastname: ruleString('personName'),
  phone: optionalRule('phone'),
});

export const loginSchema = z.object({
  email: z.string().trim().min(1, code('EMAIL_REQUIRED')).max(320, code('INVALID_EMAIL')),
  password: z.string().min(1, code('PASSWORD_REQUIRED')).max(200, code('LOGIN_FAILED')),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const REGISTRATION_ROLES = ['admin', 'staff'] as const;
export const registerSchema = z
  .object({
    ...newUserFields(),
    role: z.enum(REGISTRATION_ROLES, code('INVALID_ROLE')).default('admin'),
    /** The terms modal's "Agree to process registration"; false refuses, absent counts as agreed. */
    termsAccepted: z.boolean().optional(),
  })
  .superRefine(confirmMatches);
export type RegisterInput = z.infer<typeof registerSchema>;

export const bankAccountSchema = z.object({
  account: ruleString('bankAccount'),
  bankName: ruleString('bankName'),
  branch: optionalRule('bankBranch'),
  name: optionalRule('companyName'),
});
export type BankAccountInput = z.infer<typeof bankAccountSchema>;

export const companySchema = z.object({
  name: ruleString('companyName'),
  tfn: optionalRule('tfn'),
  address: optionalId(),
  phone: optionalRule('phone'),
  email: z.union([z.literal(''), email()]).optional(),
  website: optionalRule('url'),
  taxOfficeLevel1: optionalRule('taxOffice'),
  taxOfficeLevel2: optionalRule('taxOffice'),
  admin: optionalId(),
  /** Spelt so in the spec's payload (the legal representative, a user id). */
  reprentative: optionalId(),
  bankAccounts: z.array(bankAccountSchema).max(20).optional(),
  /** The spec's name for the same list; a single account is accepted too. */
  bankAccount: z.union([bankAccountSchema, z.array(bankAccountSchema).max(20)]).optional(),
});
export type CompanyInput = z.infer<typeof companySchema>;

export const addressSchema = z.object({
  street: ruleString('street'),
  suburb: ruleString('suburb'),
  city: ruleString('city'),
  country: ruleString('country'),
});
export type AddressInput = z.infer<typeof addressSchema>;

const status = () => z.enum(ACCOUNT_STATUSES, code('INVALID_STATUS'));
const role = () => z.string().trim().min(1, code('INVALID_ROLE')).max(50, code('INVALID_ROLE'));

export const userCreateSchema = z
  .object({
    ...newUserFields(),
    role: role(),
    status: status().default('active'),
  })
  .superRefine(confirmMatches);
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/** An administrator's edit of another user. */
export const userUpdateSchema = z.object({
  email: email().optional(),
  firstname: ruleString('personName').optional(),
  lastname: ruleString('personName').optional(),
  phone: optionalRule('phone'),
  role: role().optional(),
  status: status().optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** A user's edit of their own record: no role or status. */
export const profileUpdateSchema = userUpdateSchema.omit({ role: true, status: true });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** currentPassword is required when users change their own password. */
export const passwordUpdateSchema = z
  .object({
    password: password(),
    confirmPassword: z.string().optional(),
    currentPassword: z.string().max(200).optional(),
  })
  .superRefine(confirmMatches);
export type PasswordUpdateInput = z.infer<typeof passwordUpdateSchema>;

export const resetPasswordRequestSchema = z.object({ email: email() });
export const resetPasswordConfirmSchema = z
  .object({
    token: z.string().min(10, code('RESET_TOKEN_INVALID')).max(200, code('RESET_TOKEN_INVALID')),
    password: password(),
    confirmPassword: z.string().optional(),
  })
  .superRefine(confirmMatches);
export type ResetPasswordConfirmInput = z.infer<typeof resetPasswordConfirmSchema>;

export const groupSchema = z.object({
  groupName: ruleString('groupName'),
  status: status().default('active'),
  roles: z
    .array(z.enum(PERMISSIONS, code('INVALID_PERMISSION')))
    .max(PERMISSIONS.length)
    .default([...DEFAULT_GROUP_PERMISSIONS]),
});
export type GroupInput = z.infer<typeof groupSchema>;

export const signatureSchema = z
  .object({
    password: password(),
    confirmPassword: z.string().optional(),
    /** yyyy-mm-dd; today when absent. */
    effectiveDate: z.union([z.literal(''), dateText()]).optional(),
  })
  .superRefine(confirmMatches);
export type SignatureInput = z.infer<typeof signatureSchema>;

export const userListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(15),
  q: z.string().trim().max(100).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
