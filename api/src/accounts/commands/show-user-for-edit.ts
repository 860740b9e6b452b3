/** A user of the caller's company with the groups it may be put in, for the edit form (editSystem). */
import type { GroupRow, UserRow } from '@grain/persistence';
import { companyRequired, holding } from '../support/access';
import { userOfCompany } from '../support/user-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function showUserForEdit(
  { caller, userId }: { caller: AccountCaller; userId: string },
  { stores }: AccountCommandDeps,
): Promise<{ user: UserRow; groups: GroupRow[] }> {
  const companyId = companyRequired(await holding(stores, caller, 'editSystem'));
  return { user: await userOfCompany(stores, caller, userId), groups: await stores.groups.list(companyId) };
}
