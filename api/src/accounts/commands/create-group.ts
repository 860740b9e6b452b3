/** A new group of the caller's company (editSystem), granting only what the caller holds; answers it and the company's groups. */
import type { GroupInput } from '@grain/domain';
import type { GroupRow } from '@grain/persistence';
import { companyRequired, holding } from '../support/access';
import { assertGrantable, assertNameFree, assertNameGivable } from '../support/group-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function createGroup(
  { caller, input }: { caller: AccountCaller; input: GroupInput },
  { stores }: AccountCommandDeps,
): Promise<{ group: GroupRow; groups: GroupRow[] }> {
  const companyId = companyRequired(await holding(stores, caller, 'editSystem'));
  await assertGrantable(stores, caller, input);
  assertNameGivable(input);
  await assertNameFree(stores, companyId, input.groupName);
  const group = await stores.groups.create(companyId, { groupName: input.groupName, status: input.status, roles: [...new Set(input.roles)] });
  return { group, groups: await stores.groups.list(companyId) };
}
