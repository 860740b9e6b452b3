/**
 * What real Australian and Vietnamese grain businesses write (issue 27), accepted and refused, with the
 * code a refusal answers. One table for the domain rules, the API and the browser forms.
 */
import type { MessageCode } from '../messages';

export interface Example {
  value: string;
  /** null: accepted. */
  refused: MessageCode | null;
}
const ok = (value: string): Example => ({ value, refused: null });
const no = (value: string, refused: MessageCode): Example => ({ value, refused });

export const PERSON_NAMES: Example[] = [
  ok("Siobhan O'Brien"),
  ok("Liam O'Connor"),
  ok('Anne-Marie Smith-Jones'),
  ok('Nguyễn Thị Hằng'),
  ok('Trần Văn Đức'),
  ok('Mary-Kate O’Neill'),
  ok('J. R. Smith Jr.'),
  ok("D'Arcy"),
  no('R2-D2', 'INVALID_NAME'),
  no("Robert'); DROP TABLE users;--", 'INVALID_NAME'),
  no('<script>', 'INVALID_NAME'),
  no("O''Brien", 'INVALID_NAME'),
  no('-Anne', 'INVALID_NAME'),
  no('Ann\u202Eeve', 'INVALID_NAME'),
  no('   ', 'NAME_REQUIRED'),
];

export const COMPANY_NAMES: Example[] = [
  ok('Smith & Sons Grain Pty. Ltd.'),
  ok('Wimmera Grain Co-operative Ltd (ABN 51 824 753 556)'),
  ok("O'Connell Bros. Farming / Trading"),
  ok('Công ty TNHH Nông sản Cần Thơ'),
  ok('Công ty Cổ phần Xuất nhập khẩu Lúa gạo Mê Kông, Chi nhánh 2'),
  ok('3D Grain'),
  no('&&&', 'INVALID_COMPANY_NAME'),
  no('...', 'INVALID_COMPANY_NAME'),
  no('Acme\u0007Grain', 'INVALID_COMPANY_NAME'),
  no('<b>Grain</b>', 'INVALID_COMPANY_NAME'),
  no('A'.repeat(201), 'INVALID_COMPANY_NAME'),
  no('', 'COMPANY_NAME_REQUIRED'),
];

export const GROUP_NAMES: Example[] = [
  ok('QA & Compliance (Wheat)'),
  ok('Kiểm định chất lượng'),
  no('---', 'INVALID_GROUP_NAME'),
  no('x'.repeat(51), 'INVALID_GROUP_NAME'),
];

export const BANK_NAMES: Example[] = [
  ok('Commonwealth Bank of Australia'),
  ok('St.George Bank'),
  ok('Ngân hàng TMCP Ngoại thương Việt Nam (Vietcombank)'),
  no('$$', 'INVALID_BANK_NAME'),
];

/** An address as a form takes it; `refused` names the field and the code. */
export interface AddressExample {
  address: { street: string; suburb: string; city?: string; state?: string; postcode?: string; province?: string; country: string };
  refused: { field: string; code: MessageCode } | null;
  /** How the address reads on one line once saved. */
  line?: string;
}
export const ADDRESSES: AddressExample[] = [
  {
    address: { street: "Unit 3/14 O'Connell St.", suburb: 'St. Arnaud', state: 'VIC', postcode: '3478', country: 'Australia' },
    refused: null,
    line: "Unit 3/14 O'Connell St., St. Arnaud VIC 3478, Australia",
  },
  {
    address: { street: 'Lot 2, 45-47 Mitchell Hwy', suburb: 'Barooga', state: 'NSW', postcode: '3644', country: 'AU' },
    refused: null,
    line: 'Lot 2, 45-47 Mitchell Hwy, Barooga NSW 3644, Australia',
  },
  {
    address: { street: '12 Đường 30/4', suburb: 'Ninh Kiều', province: 'Cần Thơ', country: 'Việt Nam' },
    refused: null,
    line: '12 Đường 30/4, Ninh Kiều, Cần Thơ, Vietnam',
  },
  {
    address: { street: 'Số 5, Lê Lợi', suburb: 'Phường Bến Nghé', city: 'Quận 1', province: 'TP. Hồ Chí Minh', country: 'Vietnam' },
    refused: null,
    line: 'Số 5, Lê Lợi, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh, Vietnam',
  },
  {
    address: { street: '9 Silo Rd', suburb: 'Junee', state: 'VIC', postcode: '2663', country: 'Australia' },
    refused: { field: 'postcode', code: 'POSTCODE_NOT_IN_STATE' },
  },
  {
    address: { street: '9 Silo Rd', suburb: 'Junee', state: 'NSW', postcode: '266', country: 'Australia' },
    refused: { field: 'postcode', code: 'INVALID_POSTCODE' },
  },
  { address: { street: '9 Silo Rd', suburb: 'Junee', postcode: '2663', country: 'Australia' }, refused: { field: 'state', code: 'STATE_REQUIRED' } },
  { address: { street: '12 Đường 30/4', suburb: 'Ninh Kiều', country: 'Vietnam' }, refused: { field: 'province', code: 'PROVINCE_REQUIRED' } },
  {
    address: { street: '<img src=x>', suburb: 'Junee', state: 'NSW', postcode: '2663', country: 'Australia' },
    refused: { field: 'street', code: 'INVALID_STREET' },
  },
  {
    address: { street: '9 Silo Rd', suburb: '42', state: 'NSW', postcode: '2663', country: 'Australia' },
    refused: { field: 'suburb', code: 'INVALID_SUBURB' },
  },
];

/** A phone number typed for a company of `country`, and the E.164 it is stored as. */
export interface PhoneExample {
  typed: string;
  country: 'AU' | 'VN';
  /** null: refused with INVALID_PHONE. */
  e164: string | null;
  /** How the company's people see it. */
  shown?: string;
}
export const PHONES: PhoneExample[] = [
  { typed: '+61 3 5495 1234', country: 'AU', e164: '+61354951234', shown: '(03) 5495 1234' },
  { typed: '(03) 5495 1234', country: 'AU', e164: '+61354951234', shown: '(03) 5495 1234' },
  { typed: '0412 345 678', country: 'AU', e164: '+61412345678', shown: '0412 345 678' },
  { typed: '0292 3821 234', country: 'VN', e164: '+842923821234', shown: '0292 3821 234' },
  { typed: '+84 912 345 678', country: 'VN', e164: '+84912345678', shown: '0912 345 678' },
  { typed: '0912-345-678', country: 'VN', e164: '+84912345678', shown: '0912 345 678' },
  // a Vietnamese number of an Australian company is shown with its country code
  { typed: '+84 912 345 678', country: 'AU', e164: '+84912345678', shown: '+84 912 345 678' },
  { typed: '12345', country: 'AU', e164: null },
  { typed: '0912 345 678', country: 'AU', e164: null },
  { typed: '+61 3 5495 12', country: 'AU', e164: null },
  { typed: 'call me', country: 'VN', e164: null },
];

/** Tax numbers: an ABN (ATO check) or a Vietnamese tax code (check digit, Thông tư 105/2020/TT-BTC). */
export const TAX_NUMBERS: Array<Example & { shown?: string }> = [
  { value: '51 824 753 556', refused: null, shown: '51 824 753 556' },
  { value: '51824753556', refused: null, shown: '51 824 753 556' },
  { value: '0100109106', refused: null, shown: '0100109106' },
  { value: '0300588569', refused: null, shown: '0300588569' },
  { value: '0101248141-001', refused: null, shown: '0101248141-001' },
  { value: '0314409058002', refused: null, shown: '0314409058-002' },
  { value: '51 824 753 557', refused: 'INVALID_ABN' },
  { value: '0100109107', refused: 'INVALID_VN_TAX_CODE' },
  { value: '1234567890123', refused: 'INVALID_VN_TAX_CODE' },
  { value: '0100233480', refused: 'INVALID_VN_TAX_CODE' },
  { value: '12', refused: 'INVALID_TFN' },
];
