import { z } from 'zod';
import type { MessageCode } from './messages';

/**
 * Field rules of docs/spec/approvals.md §5 and 001 §5. Each rule is a pattern plus the message code it fails with,
 * so zod schemas (UI forms and API alike) and the per-field "shared message" form behaviour use one
 * source. Zod issues carry the message code; translate with `message(code, lang)`.
 */
export const RULES = {
  personName: { re: /^[\p{L}\p{M} ]{1,100}$/u, code: 'INVALID_NAME' },
  companyName: { re: /^[\p{L}\p{M}0-9_\- ]{2,400}$/u, code: 'INVALID_COMPANY_NAME' },
  password: { re: /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*]).{8,}$/, code: 'PASSWORD_TOO_SIMPLE' },
  email: { re: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, code: 'INVALID_EMAIL' },
  phone: { re: /^\+?\d{2}\d{8,10}$/, code: 'INVALID_PHONE' },
  bankName: { re: /^[\p{L}\p{M}0-9 ]{2,400}$/u, code: 'INVALID_BANK_NAME' },
  bankBranch: { re: /^[\p{L}\p{M}0-9, ]{2,400}$/u, code: 'INVALID_BANK_BRANCH' },
  address: { re: /^[\p{L}\p{M}0-9, ]{2,400}$/u, code: 'INVALID_ADDRESS' },
  taxOffice: { re: /^[\p{L}\p{M}0-9, ]{2,400}$/u, code: 'INVALID_TAX_OFFICE' },
  street: { re: /^[\p{L}\p{M}0-9 ]{2,50}$/u, code: 'INVALID_STREET' },
  suburb: { re: /^[\p{L}\p{M}0-9 ]{2,50}$/u, code: 'INVALID_SUBURB' },
  city: { re: /^[\p{L}\p{M} ]{2,50}$/u, code: 'INVALID_CITY' },
  country: { re: /^[\p{L}\p{M} ]{2,50}$/u, code: 'INVALID_COUNTRY' },
  url: { re: /^(https?|ftp):\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d{2,5})?(\/\S*)?$/, code: 'INVALID_URL' },
  bankAccount: { re: /^\d{12,16}$/, code: 'INVALID_BANK_ACCOUNT' },
  tfn: { re: /^\d{13}$/, code: 'INVALID_TFN' },
  invoiceCode: { re: /^[CK]\d{2}[TDLM][A-Z]{2}$/, code: 'INVALID_INVOICE_CODE' },
  groupName: { re: /^[\p{L}\p{M}0-9_\- ]{1,50}$/u, code: 'INVALID_GROUP_NAME' },
  code: { re: /^[A-Za-z0-9_\-/]{0,50}$/, code: 'INVALID_CODE' },
  decimal: { re: /^\d{1,19}(\.\d{1,4})?$/, code: 'INVALID_QUANTITY' },
} as const satisfies Record<string, { re: RegExp; code: MessageCode }>;

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
  return RULES[rule].re.test(value) ? null : RULES[rule].code;
}

/** A zod string that must match a rule; its issue message is the message code. */
export function ruleString(rule: RuleName) {
  return z.string().trim().regex(RULES[rule].re, { message: RULES[rule].code });
}
export const dateText = () => z.string().refine(isDateText, { message: 'INVALID_DATE' satisfies MessageCode });
/** Empty string or a value passing the rule. */
export function optionalRule(rule: RuleName) {
  return z.union([z.literal(''), ruleString(rule)]).optional();
}
