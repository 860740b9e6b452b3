import { AppError } from '@grain/domain';
import type { SignatureRow, Stores } from '@grain/persistence';
import type { AccountCaller } from '../commands/command-deps';
import { companyRequired } from './access';

export const today = () => new Date().toISOString().slice(0, 10);

/** The caller and their company, whose CA issues the key's certificate. */
export async function signatureOwner(stores: Stores, caller: AccountCaller) {
  const company = (await stores.companies.byId(companyRequired(caller.access)))!;
  const user = (await stores.users.byId(caller.access.id))!;
  return { user, company };
}

/** A digital signature of the caller's company (NOT_FOUND otherwise). */
export async function signatureOfCompany(stores: Stores, caller: AccountCaller, id: string): Promise<SignatureRow> {
  const s = await stores.signatures.byId(companyRequired(caller.access), id);
  if (!s) throw new AppError('NOT_FOUND');
  return s;
}
