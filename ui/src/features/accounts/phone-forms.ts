import type { z } from 'zod';
import { accountSchemas, optionalRule, type CountryCode } from '@grain/domain';

/**
 * The account forms with a phone number, built for the country the server reads them in (app/place.ts:
 * the company's, or the language's before there is one), from the domain's schemas (account-forms.ts)
 * the API parses with. Apart from schemas.ts: they bring the phone number metadata.
 */
type Schemas = ReturnType<typeof accountSchemas>;

export const registerForm = (country: CountryCode) => accountSchemas(country).registerSchema;
export type RegisterForm = z.input<Schemas['registerSchema']>;

const companyForms = new Map<CountryCode, ReturnType<typeof buildCompanyForm>>();
/** The company form edits one bank account as flat fields; the payload nests it as `bankAccount`. */
function buildCompanyForm(country: CountryCode) {
  return accountSchemas(country)
    .companySchema.omit({ bankAccount: true, bankAccounts: true })
    .extend({
      bankAccount: optionalRule('bankAccount'),
      bankName: optionalRule('bankName'),
      bankBranch: optionalRule('bankBranch'),
    });
}
export function companyForm(country: CountryCode): ReturnType<typeof buildCompanyForm> {
  let f = companyForms.get(country);
  if (!f) companyForms.set(country, (f = buildCompanyForm(country)));
  return f;
}
export type CompanyForm = z.input<ReturnType<typeof buildCompanyForm>>;

export const userCreateForm = (country: CountryCode) => accountSchemas(country).userCreateSchema;
export type UserCreateForm = z.input<Schemas['userCreateSchema']> & { currentPassword?: string };
export const userUpdateForm = (country: CountryCode) => accountSchemas(country).userUpdateSchema;
export const profileForm = (country: CountryCode) => accountSchemas(country).profileUpdateSchema;
