/** company/users: a page of the company's users (search by name or e-mail) and its groups; needs viewSystem. */
import type { GroupRow, UserRow } from '@grain/persistence';
import { companyRequired, holding } from '../support/access';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export interface UserPage {
  users: UserRow[];
  total: number;
  groups: GroupRow[];
}

export async function listUsers(
  { caller, page, pageSize, q }: { caller: AccountCaller; page: number; pageSize: number; q?: string },
  { stores }: AccountCommandDeps,
): Promise<UserPage> {
  const companyId = companyRequired(await holding(stores, caller, 'viewSystem'));
  const found = await stores.users.page(companyId, { page, pageSize, q: q || undefined });
  return { ...found, groups: await stores.groups.list(companyId) };
}
