import { z } from 'zod';
import type { MessageCode } from '../messages';
import { compactTaxNumber, optionalRule, ruleString } from '../validation';
import type { CountryCode } from './place';
import { phoneE164 } from './phone';
import { bankAccountSchema, REGISTRATION_ROLES } from './schemas';
import { code, confirmMatches, email, optionalId, password, role, status } from './form-fields';

/**
 * The account forms with a phone number (docs/spec/approvals.md §5), built for a country
 * (`accountSchemas(country)`): a number typed without its country code ("(03) 5495 1234") is read in
 * the company's country (place.ts) and comes out in E.164 (phone.ts). The UI builds the form for the
 * country the server will read it in, so both refuse the same numbers. Kept apart from schemas.ts: the
 * phone number metadata is large, and the sign-in page needs none of it.
 */
/** A phone number as typed, read in `country`; E.164 out, '' when left empty. */
export function phoneField(country: CountryCode) {
  return z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (!v) return '';
      const e164 = phoneE164(v, country);
      if (!e164) {
        ctx.addIssue({ code: 'custom', message: 'INVALID_PHONE' satisfies MessageCode });
        return z.NEVER;
      }
      return e164;
    })
    .optional();
}

function buildAccountSchemas(country: CountryCode) {
  /** What a new user states, whether registering themselves or added by an administrator. */
  const newUserFields = () => ({
    email: email(),
    password: password(),
    confirmPassword: z.string().optional(),
    firstname: ruleString('personName'),
    lastname: ruleString('personName'),
    phone: phoneField(country),
  });
  const registerSchema = z
    .object({
      ...newUserFields(),
      role: z.enum(REGISTRATION_ROLES, code('INVALID_ROLE')).default('admin'),
      /** The terms modal's "Agree to process registration"; false refuses, absent counts as agreed. */
      termsAccepted: z.boolean().optional(),
    })
    .superRefine(confirmMatches);
  const companySchema = z.object({
    name: ruleString('companyName'),
    /** Stored compact (an ABN's 11 digits, a Vietnamese code's 10, a branch's after a hyphen); shown formatted (formatTaxNumber). */
    tfn: optionalRule('tfn').transform((v) => (v ? compactTaxNumber(v) : v)),
    address: optionalId(),
    phone: phoneField(country),
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
  const userCreateSchema = z
    .object({
      ...newUserFields(),
      role: role(),
      status: status().default('active'),
    })
    .superRefine(confirmMatches);
  /** An administrator's edit of another user. */
  const userUpdateSchema = z.object({
    email: email().optional(),
    firstname: ruleString('personName').optional(),
    lastname: ruleString('personName').optional(),
    phone: phoneField(country),
    role: role().optional(),
    status: status().optional(),
    /** Asked when users change their own e-mail address (the change then waits for the new address's confirmation). */
    currentPassword: z.string().max(200).optional(),
  });
  /** A user's edit of their own record: no role or status. */
  const profileUpdateSchema = userUpdateSchema.omit({ role: true, status: true });
  return { registerSchema, companySchema, userCreateSchema, userUpdateSchema, profileUpdateSchema };
}

const built = new Map<CountryCode, ReturnType<typeof buildAccountSchemas>>();
/** The account forms with a phone number, for a company of `country` (built once per country). */
export function accountSchemas(country: CountryCode): ReturnType<typeof buildAccountSchemas> {
  let s = built.get(country);
  if (!s) built.set(country, (s = buildAccountSchemas(country)));
  return s;
}
type Schemas = ReturnType<typeof buildAccountSchemas>;
export type RegisterInput = z.infer<Schemas['registerSchema']>;
export type CompanyInput = z.infer<Schemas['companySchema']>;
export type UserCreateInput = z.infer<Schemas['userCreateSchema']>;
export type UserUpdateInput = z.infer<Schemas['userUpdateSchema']>;
export type ProfileUpdateInput = z.infer<Schemas['profileUpdateSchema']>;
