import type { MessageCode } from '../messages';
import { isAdmin, PERMISSIONS, type Actor, type Permission, type AccountStatus } from '../permissions';

/**
 * Who may hand out which power over accounts. Admin is a flag of the user, granted and removed only by
 * an admin; a group's name can never be "admin"; a non-admin grants only permissions they hold.
 */
export const ADMIN_ROLE = 'admin';

/** "admin" in any case or spacing names the admin role, never a group. */
export const isAdminRoleName = (name: string): boolean => name.trim().toLowerCase() === ADMIN_ROLE;

/**
 * The actor of a user: an admin (the user's admin flag, never a group's name) holds every permission;
 * others those of the active group their role names. Used by the HTTP session and the live channel.
 */
export function actorOfUser(
  user: { id: string; companyId: string | null; role: string; isAdmin: boolean },
  group: { status: string; roles: readonly Permission[] } | null,
): Actor {
  if (user.isAdmin) return { id: user.id, companyId: user.companyId, role: ADMIN_ROLE, permissions: [...PERMISSIONS] };
  const role = isAdminRoleName(user.role) ? '' : user.role;
  return { id: user.id, companyId: user.companyId, role, permissions: group && group.status === 'active' ? group.roles : [] };
}

/** Permissions in `granted` the actor does not hold (none for an admin). */
export function permissionsBeyond(actor: Actor, granted: readonly Permission[]): Permission[] {
  return isAdmin(actor) ? [] : granted.filter((p) => !actor.permissions.includes(p));
}

/** What happens to an admin account: demoted, made inactive or locked, or deleted. */
export interface AdminChange {
  role?: string;
  status?: AccountStatus;
  deleted?: boolean;
}

/** Whether the change takes admin power away from the account (while it stays in the company). */
export const removesAdmin = (c: AdminChange): boolean =>
  !!c.deleted || (c.role !== undefined && !isAdminRoleName(c.role)) || (c.status !== undefined && c.status !== 'active');

/**
 * The refusal for a change to an admin account, or null: a company always keeps one active admin.
 * `otherActiveAdmins` counts the company's active admins besides the target.
 */
export function lastAdminRefusal(target: { isAdmin: boolean }, change: AdminChange, otherActiveAdmins: number): MessageCode | null {
  return target.isAdmin && removesAdmin(change) && otherActiveAdmins === 0 ? 'LAST_ADMIN' : null;
}
