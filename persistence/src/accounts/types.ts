import type { VerifiedIdentity } from '@grain/domain';
import type { Permission, AccountStatus } from '@grain/domain';

/** Rows of the accounts tables, in camelCase, as the stores hand them out. */
export interface UserRow {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  phone: string | null;
  /** A group name, or 'admin' for an admin. */
  role: string;
  /** Admin power: written only with role 'admin' by the user store, never by a group rename. */
  isAdmin: boolean;
  status: AccountStatus;
  companyId: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface UserWithHash extends UserRow {
  passwordHash: string;
}

export interface AddressRow {
  id: string;
  companyId: string | null;
  street: string;
  suburb: string;
  city: string;
  /** Australia: the state's abbreviation (NSW, VIC, ...). */
  state: string | null;
  /** Australia: 4 digits. */
  postcode: string | null;
  /** Vietnam: the province or centrally-run city. */
  province: string | null;
  country: string;
}

export interface BankAccountRow {
  id: string;
  companyId: string;
  account: string;
  bankName: string;
  branch: string | null;
  name: string | null;
}

export interface CompanyRow {
  id: string;
  name: string;
  tfn: string | null;
  addressId: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  taxOfficeLevel1: string | null;
  taxOfficeLevel2: string | null;
  adminId: string | null;
  representativeId: string | null;
  /** What the platform's operator verified of the company (issue 26 item 6); see isIdentityVerified. */
  identity: VerifiedIdentity;
  createdAt: string;
  updatedAt: string;
}

export interface GroupRow {
  id: string;
  companyId: string;
  groupName: string;
  status: AccountStatus;
  roles: Permission[];
}

export interface SignatureRow {
  id: string;
  userId: string;
  companyId: string;
  guid: string;
  algorithm: string;
  publicKeyPem: string;
  certificatePem: string;
  serial: string;
  effectiveDate: string;
  lastModified: string;
  /** When the key was replaced or reset (it signs no more; its certificate still verifies what it signed). */
  retiredAt: string | null;
}

/**
 * A timestamp column as ISO text, milliseconds kept. The Date may come from another realm (the embedded
 * database answers from its worker thread; jest runs tests in a VM context), where `instanceof Date`
 * is false and String(v) would drop the milliseconds; new Date(v) reads any realm's Date exactly.
 */
export const iso = (v: unknown): string => new Date(typeof v === 'object' && v !== null ? (v as Date) : String(v)).toISOString();
/** A `date` column as yyyy-mm-dd whatever the driver returns (Date at local midnight or text). */
export const dateOnly = (v: unknown): string => {
  if (typeof v === 'string') return v.slice(0, 10);
  const d = v as Date;
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
