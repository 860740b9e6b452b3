import { z } from 'zod';
import type { MessageCode } from '../messages';
import { PERMISSIONS, DEFAULT_GROUP_PERMISSIONS } from '../permissions';
import { dateText, optionalRule, ruleString } from '../validation';
import { auPostcodeProblem, auStateOf, countryCodeOf, COUNTRY_NAMES } from './place';
import { code, confirmMatches, email, password, status } from './form-fields';

/**
 * The account forms of docs/spec/approvals.md §5, shared by the UI (react-hook-form + zodResolver) and the API.
 * Every issue message is a message code; translate with `message(code, lang)`. The forms with a phone
 * number are in account-forms.ts (they bring the phone number metadata, which the sign-in page need not load).
 */
export const loginSchema = z.object({
  email: z.string().trim().min(1, code('EMAIL_REQUIRED')).max(320, code('INVALID_EMAIL')),
  password: z.string().min(1, code('PASSWORD_REQUIRED')).max(200, code('LOGIN_FAILED')),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const REGISTRATION_ROLES = ['admin', 'staff'] as const;

export const bankAccountSchema = z.object({
  account: ruleString('bankAccount'),
  bankName: ruleString('bankName'),
  branch: optionalRule('bankBranch'),
  name: optionalRule('companyName'),
});
export type BankAccountInput = z.infer<typeof bankAccountSchema>;

/**
 * An address as the post writes it: street and suburb everywhere; in Australia the state (NSW, VIC, ...
 * or its name) and a 4-digit postcode of that state; in Vietnam the province; elsewhere the city. The
 * country is stored by its name (Australia, Vietnam for any usual spelling or code).
 */
export const addressSchema = z
  .object({
    street: ruleString('street'),
    suburb: ruleString('suburb'),
    // null or '' where the country has no such part (the form sends back what it was given)
    city: z.union([z.literal(''), z.null(), ruleString('city')]).optional(),
    state: z.string().trim().max(40, code('INVALID_STATE')).nullish(),
    postcode: z.string().trim().max(10, code('INVALID_POSTCODE')).nullish(),
    province: z.union([z.literal(''), z.null(), ruleString('province')]).optional(),
    country: ruleString('country'),
  })
  .superRefine((a, ctx) => {
    const issue = (path: string, message: MessageCode) => ctx.addIssue({ code: 'custom', path: [path], message });
    const country = countryCodeOf(a.country);
    if (country === 'AU') {
      // an older client sent the state in `city` (shown as "State"): it is read as the state
      const state = auStateOf(a.state || (a.city && auStateOf(a.city) ? a.city : ''));
      if (!a.state && !state) issue('state', 'STATE_REQUIRED');
      else if (!state) issue('state', 'INVALID_STATE');
      const postcode = a.postcode ?? '';
      if (!postcode) issue('postcode', 'POSTCODE_REQUIRED');
      else {
        const problem = auPostcodeProblem(postcode, state);
        if (problem) issue('postcode', problem);
      }
    } else if (country === 'VN') {
      if (!a.province) issue('province', 'PROVINCE_REQUIRED');
    } else if (!a.city) issue('city', 'CITY_REQUIRED');
  })
  .transform((a) => {
    const country = countryCodeOf(a.country);
    const state = country === 'AU' ? auStateOf(a.state || a.city || '') : null;
    return {
      street: a.street,
      suburb: a.suburb,
      city: country === 'AU' && !a.state && a.city && auStateOf(a.city) ? '' : (a.city ?? ''),
      state,
      postcode: country === 'AU' ? (a.postcode ?? null) : null,
      province: country === 'VN' ? a.province || null : null,
      country: country ? COUNTRY_NAMES[country] : a.country,
    };
  });
export type AddressInput = z.output<typeof addressSchema>;

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
