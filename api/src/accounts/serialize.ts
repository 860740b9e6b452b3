import type { Stores, AddressRow, BankAccountRow, CompanyRow, GroupRow, SignatureRow, UserRow } from '@grain/persistence';

/** The spec's JSON shapes (000 §3): `_id` keys, `reprentative` spelt as the spec spells it. */
export const addressJson = (a: AddressRow) => ({ _id: a.id, street: a.street, suburb: a.suburb, city: a.city, country: a.country });
const bankAccountJson = (b: BankAccountRow) => ({ _id: b.id, account: b.account, bankName: b.bankName, branch: b.branch ?? '', name: b.name ?? '' });

export function userJson(u: UserRow, extra: { company?: unknown; signature?: string | null } = {}) {
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

export function groupJson(g: GroupRow) {
  return { _id: g.id, groupName: g.groupName, status: g.status, roles: g.roles, company: g.companyId };
}

export function signatureJson(s: SignatureRow) {
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

/** The company with its address object and bank accounts, as the profile screens read it. */
export async function companyJson(stores: Pick<Stores, 'companies'>, c: CompanyRow) {
  const store = stores.companies;
  const address = c.addressId ? (await store.addresses({ companyId: c.id, userId: '' })).find((a) => a.id === c.addressId) : undefined;
  return {
    _id: c.id,
    name: c.name,
    tfn: c.tfn ?? '',
    address: address ? addressJson(address) : null,
    phone: c.phone ?? '',
    email: c.email ?? '',
    website: c.website ?? '',
    bankAccounts: (await store.bankAccounts(c.id)).map(bankAccountJson),
    taxOfficeLevel1: c.taxOfficeLevel1 ?? '',
    taxOfficeLevel2: c.taxOfficeLevel2 ?? '',
    admin: c.adminId,
    reprentative: c.representativeId,
  };
}

export async function companyJsonById(stores: Pick<Stores, 'companies'>, companyId: string | null) {
  if (!companyId) return null;
  const c = await stores.companies.byId(companyId);
  return c ? companyJson(stores, c) : null;
}
