import { can, type Actor, type Permission } from '@grain/domain';
import type { UserRow } from '../accounts';
import type { Stores } from '../stores';

export interface CompanyPerson {
  user: UserRow;
  actor: Actor;
  name: string;
}

/**
 * The active users of a company with the permissions their group lends them (as a session gets them:
 * the group named by the role, matched case-insensitively, active; admins hold every permission).
 * Who may own an action, who is told of a fix to verify and who an overdue action is escalated to.
 */
export async function companyPeople(stores: Pick<Stores, 'users' | 'groups'>, companyId: string): Promise<CompanyPerson[]> {
  const [users, groups] = await Promise.all([stores.users.listByCompany(companyId), stores.groups.list(companyId)]);
  const byName = new Map(groups.filter((g) => g.status === 'active').map((g) => [g.groupName.trim().toLowerCase(), g.roles]));
  return users
    .filter((u) => u.status === 'active')
    .map((u) => {
      const permissions: Permission[] = u.isAdmin ? [] : (byName.get(u.role.trim().toLowerCase()) ?? []);
      const actor: Actor = { id: u.id, companyId: u.companyId, role: u.isAdmin ? 'admin' : u.role, permissions };
      return { user: u, actor, name: `${u.firstname} ${u.lastname}`.trim() || u.email };
    });
}

export const holding = (people: CompanyPerson[], p: Permission) => people.filter((x) => can(x.actor, p));
