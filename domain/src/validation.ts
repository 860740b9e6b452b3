import { z } from 'zod';
import type { MessageCode } from './messages';

/**
 * Field rules of the account and company forms. Each rule is a pattern plus the message code it fails
 * with, and the code said when the field is left empty where it is required ("... is required", not
 * "Invalid ..."), so zod schemas (UI forms and API alike) use one source. Zod issues carry the message
 * code; translate with `message(code, lang)`.
 */
export const RULES = {
  personName: { re: /^[\p{L}\p{M} ]{1,100}$/u, code: 'INVALID_NAME', required: 'NAME_REQUIRED' },
  companyName: { re: /^[\p{L}\p{M}0-9_\- ]{2,400}$/u, code: 'INVALID_COMPANY_NAME', required: 'COMPANY_NAME_REQUIRED' },
  password: { re: /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*]).{8,}$/, code: 'PASSWORD_TOO_SIMPLE', required: 'PASSWORD_REQUIRED' },
  email: { re: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, code: 'INVALID_EMAIL', required: 'EMAIL_REQUIRED' },
  phone: { re: /^\+?\d{2}\d{8,10}$/, code: 'INVALID_PHONE', required: 'FIELD_REQUIRED' },
  bankName: { re: /^[\p{L}\p{M}0-9 ]{2,400}$/u, code: 'INVALID_BANK_NAME', required: 'BANK_NAME_REQUIRED' },
  bankBranch: { re: /^[\p{L}\p{M}0-9, ]{2,400}$/u, code: 'INVALID_BANK_BRANCH', required: 'FIELD_REQUIRED' },
  address: { re: /^[\p{L}\p{M}0-9, ]{2,400}$/u, code: 'INVALID_ADDRESS', required: 'FIELD_REQUIRED' },
  taxOffice: { re: /^[\p{L}\p{M}0-9, ]{2,400}$/u, code: 'INVALID_TAX_OFFICE', required: 'FIELD_REQUIRED' },
  street: { re: /^[\p{L}\p{M}0-9 ]{2,50}$/u, code: 'INVALID_STREET', required: 'STREET_REQUIRED' },
  suburb: { re: /^[\p{L}\p{M}0-9 ]{2,50}$/u, code: 'INVALID_SUBURB', required: 'SUBURB_REQUIRED' },
  city: { re: /^[\p{L}\p{M} ]{2,50}$/u, code: 'INVALID_CITY', required: 'CITY_REQUIRED' },
  country: { re: /^[\p{L}\p{M} ]{2,50}$/u, code: 'INVALID_COUNTRY', required: 'COUNTRY_REQUIRED' },
  url: { re: /^(https?|ftp):\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d{2,5})?(\/\S*)?$/, code: 'INVALID_URL', required: 'FIELD_REQUIRED' },
  bankAccount: { re: /^\d{12,16}$/, code: 'INVALID_BANK_ACCOUNT', required: 'BANK_ACCOUNT_REQUIRED' },
  /** The company's tax number: an Australian ABN or a Vietnamese tax code; taxNumberProblem says which failed. */
  tfn: { re: /^[\d -]{10,17}$/, code: 'INVALID_TFN', required: 'FIELD_REQUIRED' },
  invoiceCode: { re: /^[CK]\d{2}[TDLM][A-Z]{2}$/, code: 'INVALID_INVOICE_CODE', required: 'FIELD_REQUIRED' },
  groupName: { re: /^[\p{L}\p{M}0-9_\- ]{1,50}$/u, code: 'INVALID_GROUP_NAME', required: 'GROUP_NAME_REQUIRED' },
  code: { re: /^[A-Za-z0-9_\-/]{0,50}$/, code: 'INVALID_CODE', required: 'FIELD_REQUIRED' },
  decimal: { re: /^\d{1,19}(\.\d{1,4})?$/, code: 'INVALID_QUANTITY', required: 'FIELD_REQUIRED' },
} as const satisfies Record<string, { re: RegExp; code: MessageCode; required: MessageCode }>;

/**
 * An Australian Business Number: 11 digits whose weighted sum, after taking 1 from the first digit, is a
 * multiple of 89 (the ATO's published check).
 */
export function isAbn(value: string): boolean {
  const d = value.replace(/\s/g, '');
  if (!/^\d{11}$/.test(d)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = [...d].reduce((acc, c, i) => acc + (Number(c) - (i === 0 ? 1 : 0)) * weights[i], 0);
  return sum % 89 === 0;
}

/** A Vietnamese tax code: 10 digits for a company, 10 + 3 for a branch (written 0101234567-001 or as 13 digits). */
export function isVnTaxCode(value: string): boolean {
  return /^\d{10}(-?\d{3})?$/.test(value.replace(/\s/g, ''));
}

/**
 * Why a company's tax number is refused, saying which kind was expected: 11 digits are read as an ABN
 * (so a wrong check digit says so), 10 or 13 as a Vietnamese tax code; anything else names both.
 */
export function taxNumberProblem(value: string): MessageCode | null {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return 'INVALID_TFN';
  if (digits.length === 11) return isAbn(value) && !value.includes('-') ? null : 'INVALID_ABN';
  if (digits.length === 10 || digits.length === 13) return isVnTaxCode(value) ? null : 'INVALID_VN_TAX_CODE';
  return 'INVALID_TFN';
}

/** Rules whose pattern alone cannot tell a valid value. */
const EXTRA_CHECKS: Partial<Record<RuleName, (value: string) => MessageCode | null>> = { tfn: taxNumberProblem };

export type RuleName = keyof typeof RULES;

/**
 * Date text yyyy-mm-dd. The old app capped the year at 2025, which would refuse every due date this
 * harvest; we accept 2000-2099 (docs/spec-deviations.md).
 */
export function isDateText(s: string): boolean {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2099 || mo < 1 || mo > 12 || d < 1 || d > 31) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCMonth() === mo - 1;
}

export function check(rule: RuleName, value: string): MessageCode | null {
  if (!value.trim()) return RULES[rule].required;
  if (!RULES[rule].re.test(value.trim())) return RULES[rule].code;
  return EXTRA_CHECKS[rule]?.(value.trim()) ?? null;
}

/** A zod string that must match a rule; its issue message is the message code ("... is required" when empty). */
export function ruleString(rule: RuleName) {
  return z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const problem = check(rule, v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}
export const dateText = () => z.string().refine(isDateText, { message: 'INVALID_DATE' satisfies MessageCode });
/** Empty string or a value passing the rule. */
export function optionalRule(rule: RuleName) {
  return z.union([z.literal(''), ruleString(rule)]).optional();
}
