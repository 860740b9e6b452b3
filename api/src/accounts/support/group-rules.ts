/**
 * The rules of groups: another company's group is NOT_FOUND; a non-admin hands out only permissions they
 * hold, so no one raises their own group above themselves; no group is called "admin" (admin is a
 * user's flag that only an admin grants, not a name anyone may type); names are unique in a company.
 */
import { AppError, isAdminRoleName, permissionsBeyond, type GroupInput } from '@grain/domain';
import type { GroupRow, Stores } from '@grain/persistence';
import type { AccountCaller } from '../commands/command-deps';
import { companyRequired, refuse } from './access';

export async function groupOfCompany(stores: Stores, caller: AccountCaller, id: string): Promise<GroupRow> {
  const g = await stores.groups.byId(companyRequired(caller.access), id);
  if (!g) throw new AppError('NOT_FOUND');
  return g;
}

export async function assertGrantable(stores: Stores, caller: AccountCaller, b: GroupInput): Promise<void> {
  const beyond = permissionsBeyond(caller.access, b.roles);
  if (beyond.length) await refuse(stores, caller, { reason: 'grants beyond own permissions', permissions: beyond });
}

/** A group some older data already calls "admin" may keep its name; nobody gives it to one. */
export function assertNameGivable(b: GroupInput, current?: string): void {
  if (isAdminRoleName(b.groupName) && b.groupName !== current)
    throw new AppError('GROUP_NAME_RESERVED', { fields: [{ path: 'groupName', code: 'GROUP_NAME_RESERVED' }] });
}

export async function assertNameFree(stores: Stores, companyId: string, name: string, exceptId?: string): Promise<void> {
  if (await stores.groups.byName(companyId, name, exceptId))
    throw new AppError('GROUP_NAME_TAKEN', { fields: [{ path: 'groupName', code: 'GROUP_NAME_TAKEN' }] });
}
