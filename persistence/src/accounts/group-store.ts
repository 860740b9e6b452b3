import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Permission, AccountStatus } from '@grain/domain';
import type { GroupRow } from './types';

const toGroup = (r: Record<string, any>): GroupRow => ({
  id: r.id,
  companyId: r.company_id,
  groupName: r.group_name,
  status: r.status,
  roles: r.roles ?? [],
});

export interface GroupFields {
  groupName: string;
  status: AccountStatus;
  roles: Permission[];
}

/** Groups of one company; a user's role names one of them (case-insensitive). */
export interface GroupStore {
  create(companyId: string, g: GroupFields): Promise<GroupRow>;
  byId(companyId: string, id: string): Promise<GroupRow | null>;
  /** Case-insensitive; `exceptId` leaves one group out (a rename checking for a clash). */
  byName(companyId: string, name: string, exceptId?: string): Promise<GroupRow | null>;
  list(companyId: string): Promise<GroupRow[]>;
  update(companyId: string, id: string, g: GroupFields): Promise<void>;
  /**
   * Saves the group; a new name renames the role of its members with it, in one transaction. Admins
   * are no group's members: their role is never rewritten here.
   */
  updateWithMembers(group: GroupRow, g: GroupFields): Promise<void>;
}

async function updateGroup(k: Knex, companyId: string, id: string, g: GroupFields): Promise<void> {
  await k('groups').where({ company_id: companyId, id }).update({ group_name: g.groupName, status: g.status, roles: g.roles, updated_at: k.fn.now() });
}

export class KnexGroupStore implements GroupStore {
  constructor(private readonly k: Knex) {}

  async create(companyId: string, g: GroupFields): Promise<GroupRow> {
    const id = randomUUID();
    await this.k('groups').insert({ id, company_id: companyId, group_name: g.groupName, status: g.status, roles: g.roles });
    return (await this.byId(companyId, id))!;
  }
  async byId(companyId: string, id: string): Promise<GroupRow | null> {
    const r = await this.k('groups').where({ company_id: companyId, id }).first();
    return r ? toGroup(r) : null;
  }
  async byName(companyId: string, name: string, exceptId?: string): Promise<GroupRow | null> {
    const q = this.k('groups').where({ company_id: companyId }).whereRaw('lower(group_name) = lower(?)', [name.trim()]);
    if (exceptId) q.whereNot({ id: exceptId });
    const r = await q.first();
    return r ? toGroup(r) : null;
  }
  async list(companyId: string): Promise<GroupRow[]> {
    return (await this.k('groups').where({ company_id: companyId }).orderBy('group_name')).map(toGroup);
  }
  async update(companyId: string, id: string, g: GroupFields): Promise<void> {
    await updateGroup(this.k, companyId, id, g);
  }
  async updateWithMembers(group: GroupRow, g: GroupFields): Promise<void> {
    await this.k.transaction(async (tx) => {
      await updateGroup(tx, group.companyId, group.id, g);
      if (g.groupName !== group.groupName) {
        await tx('users')
          .where({ company_id: group.companyId })
          .where({ is_admin: false })
          .whereRaw('lower(role) = lower(?)', [group.groupName])
          .update({ role: g.groupName });
      }
    });
  }
}
