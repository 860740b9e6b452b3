/** What the create-user form offers: the company's groups (and the company); needs editSystem. */
import type { GroupRow } from '@grain/persistence';
import { companyRequired, holding } from '../support/access';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function showUserForm({ caller }: { caller: AccountCaller }, { stores }: AccountCommandDeps): Promise<{ companyId: string; groups: GroupRow[] }> {
  const companyId = companyRequired(await holding(stores, caller, 'editSystem'));
  return { companyId, groups: await stores.groups.list(companyId) };
}
