import { z } from 'zod';
import { GROUP_STATUSES, isDateText, PERMISSIONS, RULES, USER_STATUSES, type RuleName } from '@grain/domain';

/**
 * Form schemas of spec 000 §5, built on the domain's RULES so the UI refuses exactly what the API
 * refuses; every issue message is a domain message code, translated by t().
 */
const rule = (name: RuleName) => z.string().trim().regex(RULES[name].re, { message: RULES[name].code });
const optional = (name: RuleName) => z.string().trim().refine((v) => v === '' || RULES[name].re.test(v), { message: RULES[name].code });
const required = z.string().trim().min(1, { message: 'REQUIRED_FIELDS' });

/** Mismatch only when both are filled and differ (spec 000 §5). */
const confirmed = <T extends { password: string; confirmPassword: string }>(v: T) =>
  !v.password || !v.confirmPassword || v.password === v.confirmPassword;
const mismatch = { message: 'PASSWORD_MISMATCH', path: ['confirmPassword'] };

export const loginForm = z.object({ email: rule('email'), password: required });
export type LoginForm = z.infer<typeof loginForm>;

export const registerForm = z
  .object({
    email: rule('email'),
    password: rule('password'),
    confirmPassword: required,
    firstname: rule('personName'),
    lastname: rule('personName'),
    phone: optional('phone'),
    role: z.enum(['admin', 'staff']),
  })
  .refine(confirmed, mismatch);
export type RegisterForm = z.infer<typeof registerForm>;

export const resetRequestForm = z.object({ email: rule('email') });
export const newPasswordForm = z.object({ password: rule('password'), confirmPassword: required }).refine(confirmed, mismatch);
export type NewPasswordForm = z.infer<typeof newPasswordForm>;

export const companyForm = z.object({
  tfn: rule('tfn'),
  name: rule('companyName'),
  address: z.string(),
  email: rule('email'),
  phone: optional('phone'),
  website: optional('url'),
  reprentative: z.string(),
  taxOfficeLevel1: optional('taxOffice'),
  taxOfficeLevel2: optional('taxOffice'),
  bankAccount: optional('bankAccount'),
  bankName: optional('bankName'),
  bankBranch: optional('bankBranch'),
});
export type CompanyForm = z.infer<typeof companyForm>;

export const addressForm = z.object({ street: rule('street'), suburb: rule('suburb'), city: rule('city'), country: rule('country') });
export type AddressForm = z.infer<typeof addressForm>;

const userFields = {
  email: rule('email'),
  firstname: rule('personName'),
  lastname: rule('personName'),
  phone: optional('phone'),
  role: required,
  status: z.enum(USER_STATUSES),
};
export const userCreateForm = z.object({ ...userFields, password: rule('password'), confirmPassword: z.string() }).refine(confirmed, mismatch);
export type UserCreateForm = z.infer<typeof userCreateForm>;
export const userUpdateForm = z.object(userFields);
export type UserUpdateForm = z.infer<typeof userUpdateForm>;

export const groupForm = z.object({
  groupName: rule('groupName'),
  status: z.enum(GROUP_STATUSES),
  roles: z.array(z.enum(PERMISSIONS)),
});
export type GroupForm = z.infer<typeof groupForm>;

export const signatureForm = z
  .object({
    password: rule('password'),
    confirmPassword: required,
    effectiveDate: z.string().refine(isDateText, { message: 'INVALID_DATE' }),
  })
  .refine(confirmed, mismatch);
export type SignatureForm = z.infer<typeof signatureForm>;
