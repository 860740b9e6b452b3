import { z } from 'zod';
import {
  addressSchema,
  companySchema,
  groupSchema,
  loginSchema,
  optionalRule,
  passwordUpdateSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordConfirmSchema,
  resetPasswordRequestSchema,
  signatureSchema,
  userCreateSchema,
  userUpdateSchema,
} from '@grain/domain';

/**
 * The account forms use the domain's schemas (docs/spec/approvals.md §5), the very ones the API parses with, so the
 * UI refuses exactly what the server refuses; every issue message is a message code, shown via t().
 * Form value types are the schemas' inputs (defaults make some fields optional there).
 */
export const loginForm = loginSchema;
export type LoginForm = z.input<typeof loginSchema>;

export const registerForm = registerSchema;
export type RegisterForm = z.input<typeof registerSchema>;

export const resetRequestForm = resetPasswordRequestSchema;
export type ResetRequestForm = z.input<typeof resetPasswordRequestSchema>;
/** The token rides along as a form value so the domain schema checks it too. */
export const resetConfirmForm = resetPasswordConfirmSchema;
export type ResetConfirmForm = z.input<typeof resetPasswordConfirmSchema>;

export const passwordForm = passwordUpdateSchema;
export type PasswordForm = z.input<typeof passwordUpdateSchema>;

/** The company form edits one bank account as flat fields; the payload nests it as `bankAccount`. */
export const companyForm = companySchema.omit({ bankAccount: true, bankAccounts: true }).extend({
  bankAccount: optionalRule('bankAccount'),
  bankName: optionalRule('bankName'),
  bankBranch: optionalRule('bankBranch'),
});
export type CompanyForm = z.input<typeof companyForm>;

export const addressForm = addressSchema;
export type AddressForm = z.input<typeof addressSchema>;

export const userCreateForm = userCreateSchema;
export type UserCreateForm = z.input<typeof userCreateSchema>;
export const userUpdateForm = userUpdateSchema;
export const profileForm = profileUpdateSchema;

export const groupForm = groupSchema;
export type GroupForm = z.input<typeof groupSchema>;

/** An update makes a new key and names the current key's password (`oldPassword`, checked by the server). */
export const signatureForm = signatureSchema.and(z.object({ oldPassword: z.string().max(200).optional() }));
export type SignatureForm = z.input<typeof signatureForm>;
