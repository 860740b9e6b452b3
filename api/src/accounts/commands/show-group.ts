/** A group of the caller's company: to read it viewSystem, for the edit form (`forForm`) editSystem; another company's is NOT_FOUND. */
import type { GroupRow } from '@grain/persistence';
import { holding } from '../support/access';
import { groupOfCompany } from '../support/group-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function showGroup(
  { caller, groupId, forForm = false }: { caller: AccountCaller; groupId: string; forForm?: boolean },
  { stores }: AccountCommandDeps,
): Promise<GroupRow> {
  await holding(stores, caller, forForm ? 'editSystem' : 'viewSystem');
  return groupOfCompany(stores, caller, groupId);
}
