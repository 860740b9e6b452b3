import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { ADMIN_ROLE, isUuid, type AccountStatus } from '@grain/domain';
import { iso, type UserRow, type UserWithHash } from './types';

/** A users row as the app reads it (the session lookup reads the same columns). */
export const toUser = (r: Record<string, any>): UserWithHash => ({
  id: r.id,
  email: r.email,
  firstname: r.firstname,
  lastname: r.lastname,
  phone: r.phone ?? null,
  role: r.role,
  isAdmin: !!r.is_admin,
  status: r.status,
  companyId: r.company_id ?? null,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  passwordHash: r.password_hash,
});
export const strip = ({ passwordHash: _h, ...u }: UserWithHash): UserRow => u;

export interface NewUser {
  email: string;
  passwordHash: string;
  firstname: string;
  lastname: string;
  phone?: string | null;
  role: string;
  status?: AccountStatus;
  companyId?: string | null;
}
export type UserPatch = Partial<Pick<UserRow, 'email' | 'firstname' | 'lastname' | 'phone' | 'role' | 'status' | 'companyId'>>;

/** Users; deleted users are invisible to every read here (they stay only as names on history). */
export interface UserStore {
  create(u: NewUser): Promise<UserRow>;
  byId(id: string): Promise<UserRow | null>;
  /** Only within the company: another company's user is "not found". */
  byIdInCompany(id: string, companyId: string): Promise<UserRow | null>;
  byEmailWithHash(email: string): Promise<UserWithHash | null>;
  emailTaken(email: string, exceptId?: string): Promise<boolean>;
  update(id: string, patch: UserPatch): Promise<void>;
  setPasswordHash(id: string, passwordHash: string): Promise<void>;
  softDelete(id: string): Promise<void>;
  /** One page of a company's users, searched over name, email, phone and role; newest last. */
  page(companyId: string, opts: { page: number; pageSize: number; q?: string }): Promise<{ users: UserRow[]; total: number }>;
  listByCompany(companyId: string): Promise<UserRow[]>;
  /** The names ("first last") of the company's live users among `ids` (other ids are left out). */
  namesOf(companyId: string, ids: string[]): Promise<Map<string, string>>;
  /** Active admins of a company, leaving `exceptId` out (is this user the last one?). */
  countActiveAdmins(companyId: string, exceptId?: string): Promise<number>;
  /**
   * Inside a transaction: holds the company's admin rows until it ends, so two admins removing each
   * other at once cannot both count the other as the one who stays.
   */
  lockAdmins(companyId: string): Promise<void>;
  countAll(): Promise<number>;
}

export class KnexUserStore implements UserStore {
  constructor(private readonly k: Knex) {}

  private live() {
    return this.k('users').whereNull('deleted_at');
  }

  async create(u: NewUser): Promise<UserRow> {
    const id = randomUUID();
    await this.k('users').insert({
      id,
      email: u.email.trim(),
      password_hash: u.passwordHash,
      firstname: u.firstname,
      lastname: u.lastname,
      phone: u.phone || null,
      role: u.role,
      is_admin: u.role === ADMIN_ROLE,
      status: u.status ?? 'active',
      company_id: u.companyId ?? null,
    });
    return (await this.byId(id))!;
  }

  async byId(id: string): Promise<UserRow | null> {
    const r = await this.live().where({ id }).first();
    return r ? strip(toUser(r)) : null;
  }
  /** Only within the company: another company's user is "not found". */
  async byIdInCompany(id: string, companyId: string): Promise<UserRow | null> {
    const r = await this.live().where({ id, company_id: companyId }).first();
    return r ? strip(toUser(r)) : null;
  }
  async byEmailWithHash(email: string): Promise<UserWithHash | null> {
    const r = await this.live().whereRaw('lower(email) = lower(?)', [email.trim()]).first();
    return r ? toUser(r) : null;
  }
  async emailTaken(email: string, exceptId?: string): Promise<boolean> {
    const q = this.k('users').whereRaw('lower(email) = lower(?)', [email.trim()]);
    if (exceptId) q.whereNot({ id: exceptId });
    return !!(await q.first('id'));
  }

  async update(id: string, patch: UserPatch): Promise<void> {
    const row: Record<string, unknown> = { updated_at: this.k.fn.now() };
    if (patch.email !== undefined) row.email = patch.email.trim();
    if (patch.firstname !== undefined) row.firstname = patch.firstname;
    if (patch.lastname !== undefined) row.lastname = patch.lastname;
    if (patch.phone !== undefined) row.phone = patch.phone || null;
    // The role 'admin' and the admin flag move together; callers check who may grant or remove it.
    if (patch.role !== undefined) Object.assign(row, { role: patch.role, is_admin: patch.role === ADMIN_ROLE });
    if (patch.status !== undefined) row.status = patch.status;
    if (patch.companyId !== undefined) row.company_id = patch.companyId;
    await this.live().where({ id }).update(row);
  }
  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.live().where({ id }).update({ password_hash: passwordHash, updated_at: this.k.fn.now() });
  }
  async softDelete(id: string): Promise<void> {
    await this.live().where({ id }).update({ deleted_at: this.k.fn.now(), status: 'inactive', updated_at: this.k.fn.now() });
  }

  /** One page of a company's users, searched over name, email, phone and role; newest last. */
  async page(companyId: string, opts: { page: number; pageSize: number; q?: string }): Promise<{ users: UserRow[]; total: number }> {
    const base = this.live().where({ company_id: companyId });
    if (opts.q) {
      const like = `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base.where((w) =>
        w
          .whereRaw("(firstname || ' ' || lastname) ilike ?", [like])
          .orWhere('email', 'ilike', like)
          .orWhere('phone', 'ilike', like)
          .orWhere('role', 'ilike', like),
      );
    }
    const [{ n }] = await base.clone().count<{ n: string }[]>({ n: '*' });
    const rows = await base
      .clone()
      .orderBy([{ column: 'lastname' }, { column: 'firstname' }, { column: 'id' }])
      .offset((opts.page - 1) * opts.pageSize)
      .limit(opts.pageSize);
    return { users: rows.map((r) => strip(toUser(r))), total: Number(n) };
  }
  async listByCompany(companyId: string): Promise<UserRow[]> {
    const rows = await this.live().where({ company_id: companyId }).orderBy(['lastname', 'firstname']);
    return rows.map((r) => strip(toUser(r)));
  }
  async namesOf(companyId: string, ids: string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter(isUuid))];
    if (!wanted.length) return new Map();
    const rows = await this.live().where({ company_id: companyId }).whereIn('id', wanted).select('id', 'firstname', 'lastname');
    return new Map(rows.map((r) => [r.id as string, `${r.firstname} ${r.lastname}`.trim()]));
  }
  async countActiveAdmins(companyId: string, exceptId?: string): Promise<number> {
    const q = this.live().where({ company_id: companyId, is_admin: true, status: 'active' });
    if (exceptId) q.whereNot({ id: exceptId });
    const [{ n }] = await q.count<{ n: string }[]>({ n: '*' });
    return Number(n);
  }
  async lockAdmins(companyId: string): Promise<void> {
    await this.k('users').where({ company_id: companyId, is_admin: true }).forUpdate().select('id');
  }
  async countAll(): Promise<number> {
    const [{ n }] = await this.k('users').count<{ n: string }[]>({ n: '*' });
    return Number(n);
  }
}
