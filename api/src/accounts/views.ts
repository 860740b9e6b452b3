/** The accounts' answers that need more than the row: the company's address and banks, a user's signature, the signed-in user's permissions. */
import { companyView, userView, type CompanyView, type SignedInAnswer, type UserView } from '@grain/domain';
import type { CompanyRow, Stores, UserRow } from '@grain/persistence';
import { actorFor } from '../http/auth-middleware';

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

/** A user in the wire shape, with the id of their digital signature (or null). */
export async function userRecord(stores: Pick<Stores, 'signatures'>, u: UserRow): Promise<UserView> {
  return userView(u, { signature: await stores.signatures.idOfUser(u.id) });
}

/** Who is signed in: the user (with their company and the permissions the UI shows actions for) and the company. */
export async function signedInAnswer(stores: Stores, userId: string): Promise<SignedInAnswer> {
  const user = (await stores.users.byId(userId))!;
  const company = await companyJsonById(stores, user.companyId);
  // The UI shows only the actions the user may take; the server checks them again on every call.
  const { permissions } = await actorFor(stores, user);
  return { user: { ...userView(user, { company, signature: await stores.signatures.idOfUser(user.id) }), permissions }, company };
}
