import type { Permission, AccountStatus } from '../permissions';
import { countryCodeOf } from './place';

/**
 * The accounts records on the wire (docs/spec/approvals.md §7), written once: the API builds them with
 * these functions and the UI reads the same types. `_id` keys and `reprentative` are spelt as the spec
 * spells them. Each builder takes the facts it needs; the stores' rows carry more.
 */
export interface AddressView {
  _id: string;
  street: string;
  suburb: string;
  city: string;
  /** An Australian address's state (NSW, VIC, ...); '' elsewhere. */
  state: string;
  /** An Australian address's postcode; '' elsewhere. */
  postcode: string;
  /** A Vietnamese address's province; '' elsewhere. */
  province: string;
  country: string;
}
export interface BankAccountView {
  _id: string;
  account: string;
  bankName: string;
  branch: string;
  name: string;
}
export interface CompanyView {
  _id: string;
  name: string;
  tfn: string;
  address: AddressView | null;
  phone: string;
  email: string;
  website: string;
  bankAccounts: BankAccountView[];
  taxOfficeLevel1: string;
  taxOfficeLevel2: string;
  admin: string | null;
  reprentative: string | null;
}
export interface UserView {
  _id: string;
  email: string;
  firstname: string;
  lastname: string;
  fullName: string;
  phone: string;
  role: string;
  status: AccountStatus;
  /** The company's id, or the company record where the answer includes it. */
  company: string | CompanyView | null;
  /** The user's signature id, where the answer includes it. */
  signature: string | null;
}
export interface GroupView {
  _id: string;
  groupName: string;
  status: AccountStatus;
  roles: Permission[];
  company: string;
}
export interface SignatureView {
  _id: string;
  guid: string;
  /** The spec's spelling, kept beside `guid` for old clients. */
  GUID: string;
  effectiveDate: string;
  lastModified: string;
  creator: string;
  certificate: string;
  algorithm: string;
  serial: string;
  company: string;
}

/** One of the caller's passkeys (GET company/passkeys). */
export interface PasskeyView {
  _id: string;
  name: string;
  algorithm: string;
  createdAt: string;
  lastUsedAt: string | null;
}
export interface PasskeyListAnswer {
  passkeys: PasskeyView[];
}
/**
 * WebAuthn options as JSON for @simplewebauthn/browser (registration or authentication); typed loosely
 * here because the domain does not depend on the library: the UI hands them to it as they are.
 */
export type WebAuthnOptionsJSON = { challenge: string } & Record<string, unknown>;
export interface PasskeyOptionsAnswer {
  options: WebAuthnOptionsJSON;
}
export interface PasskeyAnswer {
  passkey: PasskeyView;
}

interface AddressFacts {
  id: string;
  street: string;
  suburb: string;
  city: string | null;
  state?: string | null;
  postcode?: string | null;
  province?: string | null;
  country: string;
}
interface BankAccountFacts {
  id: string;
  account: string;
  bankName: string;
  branch: string | null;
  name: string | null;
}
interface CompanyFacts {
  id: string;
  name: string;
  tfn: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  taxOfficeLevel1: string | null;
  taxOfficeLevel2: string | null;
  adminId: string | null;
  representativeId: string | null;
}
interface UserFacts {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  phone: string | null;
  role: string;
  status: AccountStatus;
  companyId: string | null;
}
interface GroupFacts {
  id: string;
  companyId: string;
  groupName: string;
  status: AccountStatus;
  roles: Permission[];
}
interface SignatureFacts {
  id: string;
  userId: string;
  companyId: string;
  guid: string;
  algorithm: string;
  certificatePem: string;
  serial: string;
  effectiveDate: string;
  lastModified: string;
}

export const addressView = (a: AddressFacts): AddressView => ({
  _id: a.id,
  street: a.street,
  suburb: a.suburb,
  city: a.city ?? '',
  state: a.state ?? '',
  postcode: a.postcode ?? '',
  province: a.province ?? '',
  country: a.country,
});

/**
 * An address on one line in the order its country's post writes it: "Unit 3/14 O'Connell St.,
 * St. Arnaud VIC 3478, Australia"; "12 Đường 30/4, Ninh Kiều, Cần Thơ, Vietnam"; elsewhere street,
 * suburb, city, country. `countryName` names the country in the reader's language.
 */
export function addressLine(a: Omit<AddressFacts, 'id'>, countryName: (country: string) => string = (c) => c): string {
  const parts = (xs: Array<string | null | undefined>) => xs.map((x) => (x ?? '').trim()).filter(Boolean);
  const country = countryName(a.country);
  if (countryCodeOf(a.country) === 'AU') {
    return parts([a.street, a.city, parts([a.suburb, a.state, a.postcode]).join(' '), country]).join(', ');
  }
  return parts([a.street, a.suburb, a.city, a.province, country]).join(', ');
}

export const bankAccountView = (b: BankAccountFacts): BankAccountView => ({
  _id: b.id,
  account: b.account,
  bankName: b.bankName,
  branch: b.branch ?? '',
  name: b.name ?? '',
});

export function companyView(c: CompanyFacts, related: { address: AddressFacts | null | undefined; bankAccounts: BankAccountFacts[] }): CompanyView {
  return {
    _id: c.id,
    name: c.name,
    tfn: c.tfn ?? '',
    address: related.address ? addressView(related.address) : null,
    phone: c.phone ?? '',
    email: c.email ?? '',
    website: c.website ?? '',
    bankAccounts: related.bankAccounts.map(bankAccountView),
    taxOfficeLevel1: c.taxOfficeLevel1 ?? '',
    taxOfficeLevel2: c.taxOfficeLevel2 ?? '',
    admin: c.adminId,
    reprentative: c.representativeId,
  };
}

export function userView(u: UserFacts, extra: { company?: CompanyView | null; signature?: string | null } = {}): UserView {
  return {
    _id: u.id,
    email: u.email,
    firstname: u.firstname,
    lastname: u.lastname,
    fullName: `${u.firstname} ${u.lastname}`,
    phone: u.phone ?? '',
    role: u.role,
    status: u.status,
    company: extra.company ?? u.companyId,
    signature: extra.signature ?? null,
  };
}

export const groupView = (g: GroupFacts): GroupView => ({ _id: g.id, groupName: g.groupName, status: g.status, roles: g.roles, company: g.companyId });

export function signatureView(s: SignatureFacts): SignatureView {
  return {
    _id: s.id,
    guid: s.guid,
    GUID: s.guid,
    effectiveDate: s.effectiveDate,
    lastModified: s.lastModified,
    creator: s.userId,
    certificate: s.certificatePem,
    algorithm: s.algorithm,
    serial: s.serial,
    company: s.companyId,
  };
}
