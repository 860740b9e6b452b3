/** The company's groups: to read them viewSystem, for the create form (`forForm`) editSystem. */
import type { GroupRow } from '@grain/persistence';
import { companyRequired, holding } from '../support/access';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function listGroups(
  { caller, forForm = false }: { caller: AccountCaller; forForm?: boolean },
  { stores }: AccountCommandDeps,
): Promise<GroupRow[]> {
  const a = await holding(stores, caller, forForm ? 'editSystem' : 'viewSystem');
  return stores.groups.list(companyRequired(a));
}
