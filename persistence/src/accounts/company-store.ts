import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { inTransaction } from '../in-transaction';
import { iso, type AddressRow, type BankAccountRow, type CompanyRow } from './types';

export type CompanyFields = Omit<CompanyRow, 'id' | 'createdAt' | 'updatedAt' | 'identity'>;

/** One act of the platform's operator on a company's identity (company_identity_events). */
export interface IdentityEvent {
  action: 'verified' | 'revoked';
  name: string | null;
  registration: string | null;
  by: string;
  note: string | null;
  at: string;
}
export type AddressFields = Pick<AddressRow, 'street' | 'suburb' | 'city' | 'state' | 'postcode' | 'province' | 'country'>;
export type BankAccountFields = Pick<BankAccountRow, 'account' | 'bankName' | 'branch' | 'name'>;

const toCompany = (r: Record<string, any>): CompanyRow => ({
  id: r.id,
  name: r.name,
  tfn: r.tfn ?? null,
  addressId: r.address_id ?? null,
  phone: r.phone ?? null,
  email: r.email ?? null,
  website: r.website ?? null,
  taxOfficeLevel1: r.tax_office_level1 ?? null,
  taxOfficeLevel2: r.tax_office_level2 ?? null,
  adminId: r.admin_id ?? null,
  representativeId: r.representative_id ?? null,
  identity: {
    name: r.identity_name ?? null,
    registration: r.identity_registration ?? null,
    verifiedAt: r.identity_verified_at ? iso(r.identity_verified_at) : null,
    verifiedBy: r.identity_verified_by ?? null,
  },
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});
const companyCols = (c: Partial<CompanyFields>) => {
  const m: Record<string, unknown> = {};
  const map: Record<keyof CompanyFields, string> = {
    name: 'name',
    tfn: 'tfn',
    addressId: 'address_id',
    phone: 'phone',
    email: 'email',
    website: 'website',
    taxOfficeLevel1: 'tax_office_level1',
    taxOfficeLevel2: 'tax_office_level2',
    adminId: 'admin_id',
    representativeId: 'representative_id',
  };
  for (const [key, col] of Object.entries(map)) {
    const v = (c as Record<string, unknown>)[key];
    if (v !== undefined) m[col] = v === '' ? null : v;
  }
  return m;
};
const toAddress = (r: Record<string, any>): AddressRow => ({
  id: r.id,
  companyId: r.company_id ?? null,
  street: r.street,
  suburb: r.suburb,
  city: r.city ?? '',
  state: r.state ?? null,
  postcode: r.postcode ?? null,
  province: r.province ?? null,
  country: r.country,
});
const addressCols = (a: AddressFields) => ({
  street: a.street,
  suburb: a.suburb,
  city: a.city,
  state: a.state ?? null,
  postcode: a.postcode ?? null,
  province: a.province ?? null,
  country: a.country,
});
const toBank = (r: Record<string, any>): BankAccountRow => ({
  id: r.id,
  companyId: r.company_id,
  account: r.account,
  bankName: r.bank_name,
  branch: r.branch ?? null,
  name: r.name ?? null,
});

/** Companies, their addresses and bank accounts. Every read by id takes the owner's scope. */
export interface CompanyStore {
  create(c: CompanyFields): Promise<CompanyRow>;
  byId(id: string): Promise<CompanyRow | null>;
  update(id: string, c: Partial<CompanyFields>): Promise<void>;
  createAddress(owner: { companyId: string | null; userId: string }, a: AddressFields): Promise<AddressRow>;
  addresses(owner: { companyId: string | null; userId: string }): Promise<AddressRow[]>;
  address(owner: { companyId: string | null; userId: string }, id: string): Promise<AddressRow | null>;
  updateAddress(id: string, a: AddressFields): Promise<void>;
  /** At company creation the founder's loose addresses become the company's. */
  adoptAddresses(userId: string, companyId: string): Promise<void>;
  bankAccounts(companyId: string): Promise<BankAccountRow[]>;
  /** Replaces the company's bank accounts with the given list (the profile form edits them as one list). */
  replaceBankAccounts(companyId: string, list: BankAccountFields[]): Promise<void>;
  /**
   * Records the operator's act on the company's identity and its audit line, together: `verified` keeps the
   * name and registration verified (and when, by whom); `revoked` clears them.
   */
  recordIdentity(companyId: string, e: Omit<IdentityEvent, 'at'>): Promise<void>;
  /** The audit of the company's identity, oldest first. */
  identityEvents(companyId: string): Promise<IdentityEvent[]>;
  /** Every company with its identity, for the platform's operator (the newest first, at most `limit`). */
  listAll(limit: number): Promise<CompanyRow[]>;
  /** The verified company whose verified registration is this one, if any. */
  byVerifiedRegistration(registration: string): Promise<CompanyRow | null>;
}

export class KnexCompanyStore implements CompanyStore {
  constructor(private readonly k: Knex) {}

  async create(c: CompanyFields): Promise<CompanyRow> {
    const id = randomUUID();
    await this.k('companies').insert({ id, ...companyCols(c) });
    return (await this.byId(id))!;
  }
  async byId(id: string): Promise<CompanyRow | null> {
    const r = await this.k('companies').where({ id }).first();
    return r ? toCompany(r) : null;
  }
  async update(id: string, c: Partial<CompanyFields>): Promise<void> {
    await this.k('companies')
      .where({ id })
      .update({ ...companyCols(c), updated_at: this.k.fn.now() });
  }

  // Addresses: owned by a company, or (before the company exists) by the user who entered them.
  async createAddress(owner: { companyId: string | null; userId: string }, a: AddressFields): Promise<AddressRow> {
    const id = randomUUID();
    await this.k('addresses').insert({ id, company_id: owner.companyId, created_by: owner.userId, ...addressCols(a) });
    return toAddress(await this.k('addresses').where({ id }).first());
  }
  private ownedAddresses(owner: { companyId: string | null; userId: string }) {
    return owner.companyId
      ? this.k('addresses').where({ company_id: owner.companyId })
      : this.k('addresses').whereNull('company_id').where({ created_by: owner.userId });
  }
  async addresses(owner: { companyId: string | null; userId: string }): Promise<AddressRow[]> {
    return (await this.ownedAddresses(owner).orderBy('created_at')).map(toAddress);
  }
  async address(owner: { companyId: string | null; userId: string }, id: string): Promise<AddressRow | null> {
    const r = await this.ownedAddresses(owner).where({ id }).first();
    return r ? toAddress(r) : null;
  }
  async updateAddress(id: string, a: AddressFields): Promise<void> {
    await this.k('addresses').where({ id }).update(addressCols(a));
  }
  /** At company creation the founder's loose addresses become the company's. */
  async adoptAddresses(userId: string, companyId: string): Promise<void> {
    await this.k('addresses').whereNull('company_id').where({ created_by: userId }).update({ company_id: companyId });
  }

  async recordIdentity(companyId: string, e: Omit<IdentityEvent, 'at'>): Promise<void> {
    await inTransaction(this.k, async (tx) => {
      await tx('companies')
        .where({ id: companyId })
        .update(
          e.action === 'verified'
            ? { identity_name: e.name, identity_registration: e.registration, identity_verified_at: tx.fn.now(), identity_verified_by: e.by }
            : { identity_name: null, identity_registration: null, identity_verified_at: null, identity_verified_by: null },
        );
      await tx('company_identity_events').insert({
        company_id: companyId,
        action: e.action,
        name: e.name,
        registration: e.registration,
        by: e.by,
        note: e.note,
      });
    });
  }
  async identityEvents(companyId: string): Promise<IdentityEvent[]> {
    const rows = await this.k('company_identity_events').where({ company_id: companyId }).orderBy('seq');
    return rows.map((r) => ({ action: r.action, name: r.name ?? null, registration: r.registration ?? null, by: r.by, note: r.note ?? null, at: iso(r.at) }));
  }
  async listAll(limit: number): Promise<CompanyRow[]> {
    return (await this.k('companies').orderBy('created_at', 'desc').limit(limit)).map(toCompany);
  }
  async byVerifiedRegistration(registration: string): Promise<CompanyRow | null> {
    const r = await this.k('companies').where({ identity_registration: registration }).whereNotNull('identity_verified_at').first();
    return r ? toCompany(r) : null;
  }

  async bankAccounts(companyId: string): Promise<BankAccountRow[]> {
    return (await this.k('bank_accounts').where({ company_id: companyId }).orderBy('account')).map(toBank);
  }
  /** Replaces the company's bank accounts with the given list (the profile form edits them as one list). */
  async replaceBankAccounts(companyId: string, list: BankAccountFields[]): Promise<void> {
    await this.k.transaction(async (tx) => {
      await tx('bank_accounts').where({ company_id: companyId }).delete();
      if (list.length) {
        await tx('bank_accounts').insert(
          list.map((b) => ({
            id: randomUUID(),
            company_id: companyId,
            account: b.account,
            bank_name: b.bankName,
            branch: b.branch || null,
            name: b.name || null,
          })),
        );
      }
    });
  }
}
