import { z } from 'zod';
import {
  addressSchema,
  groupSchema,
  loginSchema,
  passwordUpdateSchema,
  resetPasswordConfirmSchema,
  resetPasswordRequestSchema,
  signatureSchema,
} from '@grain/domain';

/**
 * The account forms use the domain's schemas (docs/spec/approvals.md §5), the very ones the API parses with, so the
 * UI refuses exactly what the server refuses; every issue message is a message code, shown via t().
 * Form value types are the schemas' inputs (defaults make some fields optional there). The forms with a
 * phone number are in phone-forms.ts (the sign-in page loads none of the phone number metadata).
 */

export const loginForm = loginSchema;
export type LoginForm = z.input<typeof loginSchema>;

export const resetRequestForm = resetPasswordRequestSchema;
export type ResetRequestForm = z.input<typeof resetPasswordRequestSchema>;
/** The token rides along as a form value so the domain schema checks it too. */
export const resetConfirmForm = resetPasswordConfirmSchema;
export type ResetConfirmForm = z.input<typeof resetPasswordConfirmSchema>;

export const passwordForm = passwordUpdateSchema;
export type PasswordForm = z.input<typeof passwordUpdateSchema>;

export const addressForm = addressSchema;
export type AddressForm = z.input<typeof addressSchema>;

export const groupForm = groupSchema;
export type GroupForm = z.input<typeof groupSchema>;

/** An update makes a new key and names the current key's password (`oldPassword`, checked by the server). */
export const signatureForm = signatureSchema.and(z.object({ oldPassword: z.string().max(200).optional() }));
export type SignatureForm = z.input<typeof signatureForm>;
