import { z } from 'zod';
import type { MessageCode } from './messages';

/**
 * Field rules of the account and company forms. Each rule is a pattern plus the message code it fails
 * with, and the code said when the field is left empty where it is required ("... is required", not
 * "Invalid ..."), so zod schemas (UI forms and API alike) use one source. Zod issues carry the message
 * code; translate with `message(code, lang)`.
 *
 * Names and addresses take what people and registries write (issue 27): a person's name is words of
 * letters joined by spaces, apostrophes (' ’), hyphens or full stops ("Siobhan O'Brien",
 * "Anne-Marie Smith-Jones", "Nguyễn Thị Hằng", "J. R. Smith Jr."); a company, group or bank name and an
 * address line also hold digits and & . , ' ( ) / - and the like ("Smith & Sons Grain Pty. Ltd.",
 * "Unit 3/14 O'Connell St.", "12 Đường 30/4"). What stays refused: control and invisible formatting
 * characters (every pattern lists what it allows), text of punctuation alone (a letter or digit is
 * required), markup brackets, and lengths no register uses. Values are compared and stored in NFC
 * with runs of spaces made one (`normalizeText`), so a name typed with combining accents is the same name.
 */
const LEGAL = '\\p{L}\\p{M}\\p{N} &.,\'’()/\\-–_+@#!?:;"“”%*\\[\\]';
/** Text of the `allowed` characters, `min`-`max` long, holding at least one letter (or digit, when `digits`). */
const textRule = (allowed: string, min: number, max: number, digits = true) =>
  new RegExp(`^(?=.{${min},${max}}$)(?=.*[\\p{L}${digits ? '\\p{N}' : ''}])[${allowed}]+$`, 'u');

export const RULES = {
  /** Words of letters (with their accents) joined by one space, apostrophe, hyphen or full stop; may end in a full stop. */
  personName: {
    re: /^(?=.{1,100}$)\p{L}\p{M}*(?:[\p{L}\p{M}]|[-‐'’ʼ](?=\p{L})|\.(?=\p{L}| \p{L}|$)| (?=\p{L}))*$/u,
    code: 'INVALID_NAME',
    required: 'NAME_REQUIRED',
  },
  companyName: { re: textRule(LEGAL, 2, 200), code: 'INVALID_COMPANY_NAME', required: 'COMPANY_NAME_REQUIRED' },
  password: { re: /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*]).{8,}$/, code: 'PASSWORD_TOO_SIMPLE', required: 'PASSWORD_REQUIRED' },
  email: { re: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, code: 'INVALID_EMAIL', required: 'EMAIL_REQUIRED' },
  bankName: { re: textRule(LEGAL, 2, 200), code: 'INVALID_BANK_NAME', required: 'BANK_NAME_REQUIRED' },
  bankBranch: { re: textRule(LEGAL, 2, 200), code: 'INVALID_BANK_BRANCH', required: 'FIELD_REQUIRED' },
  address: { re: textRule(LEGAL, 2, 400), code: 'INVALID_ADDRESS', required: 'FIELD_REQUIRED' },
  taxOffice: { re: textRule(LEGAL, 2, 200), code: 'INVALID_TAX_OFFICE', required: 'FIELD_REQUIRED' },
  /** A street line as the post prints it: "Unit 3/14 O'Connell St.", "Lot 2, 45-47 Smith Rd", "12 Đường 30/4". */
  street: { re: textRule("\\p{L}\\p{M}\\p{N} /\\-–'’.,#&()", 2, 100), code: 'INVALID_STREET', required: 'STREET_REQUIRED' },
  /** A suburb, town, ward or district: "St. Arnaud", "Ninh Kiều", "Phường 5", "O'Connor". */
  suburb: { re: textRule("\\p{L}\\p{M}\\p{N} '’.\\-–()/,", 2, 50, false), code: 'INVALID_SUBURB', required: 'SUBURB_REQUIRED' },
  city: { re: textRule("\\p{L}\\p{M}\\p{N} '’.\\-–()/,", 2, 50, false), code: 'INVALID_CITY', required: 'CITY_REQUIRED' },
  /** A Vietnamese province or centrally-run city: "Cần Thơ", "TP. Hồ Chí Minh", "Bà Rịa – Vũng Tàu". */
  province: { re: textRule("\\p{L}\\p{M}\\p{N} '’.\\-–()", 2, 50, false), code: 'INVALID_PROVINCE', required: 'PROVINCE_REQUIRED' },
  country: { re: textRule("\\p{L}\\p{M} '’.\\-()", 2, 50, false), code: 'INVALID_COUNTRY', required: 'COUNTRY_REQUIRED' },
  url: { re: /^(https?|ftp):\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d{2,5})?(\/\S*)?$/, code: 'INVALID_URL', required: 'FIELD_REQUIRED' },
  bankAccount: { re: /^\d{12,16}$/, code: 'INVALID_BANK_ACCOUNT', required: 'BANK_ACCOUNT_REQUIRED' },
  /** The company's tax number: an Australian ABN or a Vietnamese tax code; taxNumberProblem says which failed. */
  tfn: { re: /^[\d .-]{10,17}$/, code: 'INVALID_TFN', required: 'FIELD_REQUIRED' },
  invoiceCode: { re: /^[CK]\d{2}[TDLM][A-Z]{2}$/, code: 'INVALID_INVOICE_CODE', required: 'FIELD_REQUIRED' },
  groupName: { re: textRule(LEGAL, 1, 50), code: 'INVALID_GROUP_NAME', required: 'GROUP_NAME_REQUIRED' },
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

/**
 * A Vietnamese tax code (mã số thuế): 10 digits for a company, 10 + 3 for a branch (written
 * 0101234567-001 or as 13 digits). The 10th digit checks the first nine (Thông tư 105/2020/TT-BTC,
 * Phụ lục 1): weights 31, 29, 23, 19, 17, 13, 7, 5, 3; check digit = 10 − (sum mod 11), so a sum that
 * leaves 0 makes no valid code. The serial (digits 3-9) is never 0000000, a branch number never 000.
 * Checked against published codes: Viettel 0100109106, Vinamilk 0300588569, FPT 0101248141.
 */
export function isVnTaxCode(value: string): boolean {
  const compact = value.replace(/[\s.]/g, '');
  const m = /^(\d{10})(?:-?(\d{3}))?$/.exec(compact);
  if (!m) return false;
  const d = m[1];
  if (d.slice(2, 9) === '0000000' || m[2] === '000') return false;
  const weights = [31, 29, 23, 19, 17, 13, 7, 5, 3];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(d[i]), 0);
  return 10 - (sum % 11) === Number(d[9]);
}

/**
 * Why a company's tax number is refused, saying which kind was expected: 11 digits are read as an ABN
 * (so a wrong check digit says so), 10 or 13 as a Vietnamese tax code; anything else names both.
 */
export function taxNumberProblem(value: string): MessageCode | null {
  const digits = value.replace(/[\s.-]/g, '');
  if (!/^\d+$/.test(digits)) return 'INVALID_TFN';
  if (digits.length === 11) return isAbn(value) && !/[.-]/.test(value) ? null : 'INVALID_ABN';
  if (digits.length === 10 || digits.length === 13) return isVnTaxCode(value) ? null : 'INVALID_VN_TAX_CODE';
  return 'INVALID_TFN';
}

/** Which kind of tax number a valid one is. */
export function taxNumberKind(value: string): 'abn' | 'vnTaxCode' | null {
  if (taxNumberProblem(value)) return null;
  return value.replace(/[\s.-]/g, '').length === 11 ? 'abn' : 'vnTaxCode';
}

/**
 * A tax number as people read it: an ABN in groups of 2-3-3-3 ("51 824 753 556", as the ABR prints
 * it), a Vietnamese tax code as its 10 digits with a branch after a hyphen ("0101248141-001"). Text
 * that is neither is given back as it is.
 */
export function formatTaxNumber(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  const d = v.replace(/[\s.-]/g, '');
  switch (taxNumberKind(v)) {
    case 'abn':
      return `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}`;
    case 'vnTaxCode':
      return d.length === 13 ? `${d.slice(0, 10)}-${d.slice(10)}` : d;
    default:
      return v;
  }
}

/**
 * A valid tax number as it is stored: an ABN as its 11 digits, a Vietnamese tax code as its 10 digits
 * (a branch's 3 after a hyphen). Anything else is given back trimmed (older rows; the rule refuses it).
 */
export function compactTaxNumber(value: string): string {
  const d = value.replace(/[\s.-]/g, '');
  if (!taxNumberKind(value)) return value.trim();
  return d.length === 13 ? `${d.slice(0, 10)}-${d.slice(10)}` : d;
}

/**
 * Text as it is compared and stored: NFC (a letter typed with combining accents is the same letter),
 * without spaces at the ends, and runs of white space made one space.
 */
export function normalizeText(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ');
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
  const v = normalizeText(value);
  if (!v) return RULES[rule].required;
  if (!RULES[rule].re.test(v)) return RULES[rule].code;
  return EXTRA_CHECKS[rule]?.(v) ?? null;
}

/**
 * A zod string that must match a rule; its issue message is the message code ("... is required" when
 * empty). The value comes out normalised (normalizeText).
 */
export function ruleString(rule: RuleName) {
  return z
    .string()
    .overwrite(normalizeText)
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
