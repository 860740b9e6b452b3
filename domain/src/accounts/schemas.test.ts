import { groupSchema, signatureSchema, userListQuerySchema } from './schemas';
import { accountSchemas } from './account-forms';

const { registerSchema } = accountSchemas('VN');
const { companySchema } = accountSchemas('AU');

const reg = { email: 'an@farm.vn', password: 'Harvest#2025', firstname: 'Nguyễn', lastname: 'Thị Hoa', phone: '+84912345678' };
const codes = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('account schemas (docs/spec/approvals.md §5)', () => {
  it('accepts a valid registration and defaults the role to admin', () => {
    expect(registerSchema.parse(reg).role).toBe('admin');
  });
  it('reports a mismatch only when both passwords are given and differ', () => {
    expect(codes(registerSchema.safeParse({ ...reg, confirmPassword: '' }))).toEqual([]);
    expect(codes(registerSchema.safeParse({ ...reg, confirmPassword: 'Harvest#2026' }))).toEqual(['PASSWORD_MISMATCH']);
  });
  it.each([
    [{ password: 'harvest2025' }, 'PASSWORD_TOO_SIMPLE'],
    [{ email: 'an@farm' }, 'INVALID_EMAIL'],
    [{ firstname: 'An3' }, 'INVALID_NAME'],
    [{ phone: '0912' }, 'INVALID_PHONE'],
    [{ role: 'director' }, 'INVALID_ROLE'],
  ])('refuses %j with %s', (override, code) => {
    expect(codes(registerSchema.safeParse({ ...reg, ...override }))).toContain(code);
  });
  it('checks company fields: the tax number, URL, bank accounts of 12-16 digits', () => {
    expect(codes(companySchema.safeParse({ name: 'Riverina Grain Co', tfn: '0101248141-001', website: 'https://r.example:8080/x' }))).toEqual([]);
    expect(codes(companySchema.safeParse({ name: 'R', tfn: '123' }))).toEqual(['INVALID_COMPANY_NAME', 'INVALID_TFN']);
    expect(codes(companySchema.safeParse({ name: 'Riverina', website: 'www.x.com' }))).toEqual(['INVALID_URL']);
    expect(codes(companySchema.safeParse({ name: 'Riverina', bankAccounts: [{ account: '12345', bankName: 'ANZ' }] }))).toEqual(['INVALID_BANK_ACCOUNT']);
  });
  it.each([
    ['51 824 753 556', []], // the ATO's example ABN
    ['51824753556', []],
    ['53 004 085 616', []],
    ['51 824 753 557', ['INVALID_ABN']], // one digit off: the check digits say so
    ['12345678901', ['INVALID_ABN']],
    ['0101248141', []], // a Vietnamese company (FPT)
    ['0101248141-001', []], // and its branch
    ['0101248141001', []],
    ['01012481-41001', ['INVALID_VN_TAX_CODE']],
    ['0101234567', ['INVALID_VN_TAX_CODE']], // its check digit does not match
    ['123456789', ['INVALID_TFN']], // neither kind: the message names both
    ['ABN 51824753556', ['INVALID_TFN']],
  ])('reads the tax number %s as an ABN or a Vietnamese tax code', (tfn, expected) => {
    expect(codes(companySchema.safeParse({ name: 'Riverina Grain Co', tfn }))).toEqual(expected);
  });
  it('says a required field is required when it is left empty, and invalid when it is wrong', () => {
    expect(codes(registerSchema.safeParse({ ...reg, firstname: '', email: '   ', password: '' }))).toEqual([
      'EMAIL_REQUIRED',
      'PASSWORD_REQUIRED',
      'NAME_REQUIRED',
    ]);
    expect(codes(companySchema.safeParse({ name: '' }))).toEqual(['COMPANY_NAME_REQUIRED']);
    expect(codes(groupSchema.safeParse({ groupName: '' }))).toEqual(['GROUP_NAME_REQUIRED']);
    expect(codes(registerSchema.safeParse({ ...reg, firstname: 'An3' }))).toEqual(['INVALID_NAME']);
  });
  it('gives a new group viewInfo and refuses unknown permissions and long names', () => {
    expect(groupSchema.parse({ groupName: 'Kế toán' })).toEqual({ groupName: 'Kế toán', status: 'active', roles: ['viewInfo'] });
    expect(codes(groupSchema.safeParse({ groupName: 'x'.repeat(51) }))).toEqual(['INVALID_GROUP_NAME']);
    expect(codes(groupSchema.safeParse({ groupName: 'ok', roles: ['fly'] }))).toEqual(['INVALID_PERMISSION']);
  });
  it('takes a signature effective date as yyyy-mm-dd', () => {
    expect(codes(signatureSchema.safeParse({ password: 'Sig#nature1', effectiveDate: '2026-02-30' }))).toEqual(['INVALID_DATE']);
    expect(signatureSchema.parse({ password: 'Sig#nature1', effectiveDate: '2026-02-28' }).effectiveDate).toBe('2026-02-28');
  });
  it('pages the user list with defaults and bounds', () => {
    expect(userListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 15 });
    expect(userListQuerySchema.safeParse({ pageSize: '1000' }).success).toBe(false);
  });
});
