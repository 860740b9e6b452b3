/**
 * The rules of changing users, shared by the users' use cases: another company's user is NOT_FOUND;
 * only an admin makes or changes an admin, or changes another user's e-mail or password (the keys to
 * their signature); a non-admin puts a user only into a group whose permissions they hold themselves;
 * and a company always keeps one active admin.
 */
import { AppError, ADMIN_ROLE, isAdmin, isAdminRoleName, lastAdminRefusal, permissionsBeyond, type AccountStatus, type AdminChange } from '@grain/domain';
import type { Stores, UserRow, UserStore } from '@grain/persistence';
import type { AccountCaller } from '../commands/command-deps';
import { companyRequired, refuse } from './access';

/** A user of the caller's company (NOT_FOUND otherwise). */
export async function userOfCompany(stores: Stores, caller: AccountCaller, id: string): Promise<UserRow> {
  const u = await stores.users.byIdInCompany(id, companyRequired(caller.access));
  if (!u) throw new AppError('NOT_FOUND');
  return u;
}

/**
 * A role is admin (given only by an admin) or the name of one of the company's groups, whose
 * permissions a non-admin must hold themselves to hand them on. Answers the role to store.
 */
export async function grantableRole(stores: Stores, caller: AccountCaller, role: string): Promise<string> {
  const a = caller.access;
  if (isAdminRoleName(role)) {
    if (!isAdmin(a)) await refuse(stores, caller, { reason: 'only an admin grants admin' });
    return ADMIN_ROLE;
  }
  const g = await stores.groups.byName(companyRequired(a), role);
  if (!g) throw new AppError('INVALID_ROLE', { fields: [{ path: 'role', code: 'INVALID_ROLE' }] });
  const beyond = permissionsBeyond(a, g.roles);
  if (beyond.length) await refuse(stores, caller, { reason: 'group grants beyond own permissions', permissions: beyond });
  return g.groupName;
}

/** An admin is changed only by an admin. */
export async function guardAdminTarget(stores: Stores, caller: AccountCaller, u: UserRow): Promise<void> {
  if (u.isAdmin && !isAdmin(caller.access)) await refuse(stores, caller, { reason: 'admin target', target: u.id });
}

/** Another user's e-mail and password are the keys to their signature: only an admin changes them. */
export async function guardCredentials(stores: Stores, caller: AccountCaller, u: UserRow, what: 'email' | 'password'): Promise<void> {
  if (u.id !== caller.access.id && !isAdmin(caller.access)) await refuse(stores, caller, { reason: `${what} of another user needs admin`, target: u.id });
}

/** A change that would leave the company without an active admin is refused. */
export async function keepOneAdmin(users: UserStore, u: UserRow, change: AdminChange): Promise<void> {
  if (!u.isAdmin) return;
  const refusal = lastAdminRefusal(u, change, await users.countActiveAdmins(u.companyId ?? '', u.id));
  if (refusal) throw new AppError(refusal);
}

/** Applies a change to a user, re-checking the last-admin rule with the company's admins held. */
export async function changeKeepingOneAdmin(stores: Stores, u: UserRow, change: AdminChange, apply: (tx: Stores) => Promise<void>): Promise<void> {
  await stores.transaction(async (tx) => {
    if (u.isAdmin) {
      await tx.users.lockAdmins(u.companyId ?? '');
      await keepOneAdmin(tx.users, u, change);
    }
    await apply(tx);
  });
}

/** A user blocked or made inactive is signed out everywhere. */
export async function endSessionsIfBlocked(stores: Stores, u: UserRow, status: AccountStatus | undefined): Promise<void> {
  if (status && status !== 'active') await stores.sessions.endAllFor(u.id);
}

/** The address differs from the user's (case and spaces aside). */
export const changesEmail = (u: UserRow, email: string | undefined): email is string => !!email && email.trim().toLowerCase() !== u.email.toLowerCase();

/** One's own record, by the id the path names: another user's profile is refused. */
export async function ownProfile(stores: Stores, caller: AccountCaller, userId: string): Promise<UserRow> {
  if (userId !== caller.access.id) await refuse(stores, caller, { reason: 'profile of another user' });
  return (await stores.users.byId(caller.access.id))!;
}
