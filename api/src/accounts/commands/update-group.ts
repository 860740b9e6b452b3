/**
 * Changes a group of the caller's company (editSystem), granting only what the caller holds; renaming
 * it renames the role of its members with it. Answers it and the company's groups.
 */
import type { GroupInput } from '@grain/domain';
import type { GroupRow } from '@grain/persistence';
import { companyRequired, holding } from '../support/access';
import { assertGrantable, assertNameFree, assertNameGivable, groupOfCompany } from '../support/group-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function updateGroup(
  { caller, groupId, input }: { caller: AccountCaller; groupId: string; input: GroupInput },
  { stores }: AccountCommandDeps,
): Promise<{ group: GroupRow; groups: GroupRow[] }> {
  const companyId = companyRequired(await holding(stores, caller, 'editSystem'));
  const g = await groupOfCompany(stores, caller, groupId);
  await assertGrantable(stores, caller, input);
  assertNameGivable(input, g.groupName);
  await assertNameFree(stores, companyId, input.groupName, g.id);
  await stores.groups.updateWithMembers(g, { groupName: input.groupName, status: input.status, roles: [...new Set(input.roles)] });
  return { group: (await stores.groups.byId(g.companyId, g.id))!, groups: await stores.groups.list(companyId) };
}
