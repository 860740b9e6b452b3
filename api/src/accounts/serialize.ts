import { companyView, type CompanyView } from '@grain/domain';
import type { CompanyRow, Stores } from '@grain/persistence';

/** The company with its address and bank accounts loaded, in the domain's wire shape. */
export async function companyJson(stores: Pick<Stores, 'companies'>, c: CompanyRow): Promise<CompanyView> {
  const store = stores.companies;
  const address = c.addressId ? (await store.addresses({ companyId: c.id, userId: '' })).find((a) => a.id === c.addressId) : undefined;
  return companyView(c, { address, bankAccounts: await store.bankAccounts(c.id) });
}

export async function companyJsonById(stores: Pick<Stores, 'companies'>, companyId: string | null): Promise<CompanyView | null> {
  if (!companyId) return null;
  const c = await stores.companies.byId(companyId);
  return c ? companyJson(stores, c) : null;
}
