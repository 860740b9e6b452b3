import { ADDRESSES, BANK_NAMES, COMPANY_NAMES, GROUP_NAMES, PERSON_NAMES, PHONES, TAX_NUMBERS } from '../testing/real-world';
import { check, formatTaxNumber, isVnTaxCode } from '../validation';
import { addressSchema } from './schemas';
import { accountSchemas } from './account-forms';
import { formatPhone, phoneE164 } from './phone';
import { addressLine } from './views';
import { placeOf, todayIn } from './place';

/**
 * Names, company names, addresses, phones and tax numbers as Australian and Vietnamese businesses write
 * them (issue 27): the one rule of each field, which the API and the UI forms both parse with.
 */
describe('what real companies and people write', () => {
  it.each(PERSON_NAMES.map((e) => [e.value, e.refused]))('a person called %j: %s', (value, refused) => {
    expect(check('personName', value)).toBe(refused);
  });
  it.each(COMPANY_NAMES.map((e) => [e.value, e.refused]))('a company called %j: %s', (value, refused) => {
    expect(check('companyName', value)).toBe(refused);
  });
  it.each(GROUP_NAMES.map((e) => [e.value, e.refused]))('a group called %j: %s', (value, refused) => {
    expect(check('groupName', value)).toBe(refused);
  });
  it.each(BANK_NAMES.map((e) => [e.value, e.refused]))('a bank called %j: %s', (value, refused) => {
    expect(check('bankName', value)).toBe(refused);
  });

  it('stores a name typed with combining accents as the same name, in NFC, with single spaces', () => {
    const decomposed = 'Nguye\u0302\u0303n  Thi\u0323 Ha\u0306\u0300ng'.normalize('NFD');
    const parsed = accountSchemas('VN').registerSchema.parse({ email: 'h@farm.vn', password: 'Harvest#2025', firstname: decomposed, lastname: 'Trần' });
    expect(parsed.firstname).toBe('Nguyễn Thị Hằng');
  });

  it.each(ADDRESSES.map((e) => [e.line ?? `${e.refused?.field}: ${e.refused?.code}`, e]))('an address: %s', (_title, e) => {
    const r = addressSchema.safeParse(e.address);
    if (!e.refused) {
      expect(r.error?.issues).toBeUndefined();
      expect(addressLine(r.data!)).toBe(e.line);
    } else {
      expect(r.success).toBe(false);
      expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([e.refused.field, e.refused.code]);
    }
  });

  it('reads an older client\'s address whose "city" held the state (the old form labelled it State)', () => {
    const a = addressSchema.parse({ street: '12 Silo Road', suburb: 'Junee', city: 'New South Wales', postcode: '2663', country: 'Australia' });
    expect(a).toMatchObject({ state: 'NSW', city: '', postcode: '2663', country: 'Australia' });
  });

  it.each(PHONES.map((p) => [p.typed, p.country, p.e164, p.shown]))('the phone %j of a company in %s: stored %s, shown %s', (typed, country, e164, shown) => {
    expect(phoneE164(typed!, country as 'AU' | 'VN')).toBe(e164);
    const r = accountSchemas(country as 'AU' | 'VN').userCreateSchema.safeParse({
      email: 'p@farm.example',
      password: 'Harvest#2025',
      firstname: 'Pat',
      lastname: 'Lee',
      phone: typed,
      role: 'staff',
    });
    if (e164) {
      expect(r.data?.phone).toBe(e164);
      expect(formatPhone(e164, country as 'AU' | 'VN')).toBe(shown);
    } else expect(r.error?.issues.map((i) => i.message)).toEqual(['INVALID_PHONE']);
  });

  it.each(TAX_NUMBERS.map((e) => [e.value, e.refused, e.shown]))('the tax number %j: %s, shown %s', (value, refused, shown) => {
    const r = accountSchemas('AU').companySchema.safeParse({ name: 'Riverina Grain Co', tfn: value });
    expect(r.error?.issues.map((i) => i.message) ?? null).toEqual(refused ? [refused] : null);
    if (!refused) expect(formatTaxNumber(r.data!.tfn)).toBe(shown);
  });

  it("checks a Vietnamese tax code's check digit against published codes, and refuses a serial or branch of zeros", () => {
    for (const code of ['0100109106', '0300588569', '0101248141', '0100112437', '0314409058', '0100233488']) expect(isVnTaxCode(code)).toBe(true);
    for (const code of ['0100109107', '0100233480', '0100000000', '0101248141-000']) expect(isVnTaxCode(code)).toBe(false);
  });
});

describe("a company's place", () => {
  it('is its address: the state gives the Australian zone, Vietnam has one; no address reads the language', () => {
    expect(placeOf({ country: 'Australia', state: 'WA' }, 'en')).toEqual({ country: 'AU', timeZone: 'Australia/Perth' });
    expect(placeOf({ country: 'Australia', state: null }, 'vn')).toEqual({ country: 'AU', timeZone: 'Australia/Melbourne' });
    expect(placeOf({ country: 'Việt Nam' }, 'en')).toEqual({ country: 'VN', timeZone: 'Asia/Ho_Chi_Minh' });
    expect(placeOf(null, 'vn')).toEqual({ country: 'VN', timeZone: 'Asia/Ho_Chi_Minh' });
    expect(placeOf(null, 'en')).toEqual({ country: 'AU', timeZone: 'Australia/Melbourne' });
  });
  it("says today's day in the company's zone, not the server's", () => {
    const t = new Date('2026-11-27T14:30:00Z'); // 01:30 on the 28th in Melbourne, 21:30 on the 27th in Hồ Chí Minh City
    expect(todayIn('Australia/Melbourne', t)).toBe('2026-11-28');
    expect(todayIn('Asia/Ho_Chi_Minh', t)).toBe('2026-11-27');
    expect(todayIn('Australia/Perth', t)).toBe('2026-11-27');
  });
});
