import type { AddressView, CompanyView, GroupView, SignatureView, UserView } from '@grain/domain';
import { api } from '../../api/client';
import { refId } from '../../app/auth';
import { storedRole } from '../../app/stored-text';

/**
 * Every accounts call of docs/spec/approvals.md §7 in one place (paths relative to /api/). Records arrive with `id`
 * or `_id`; `withId` gives every record an `id` so screens need not care.
 */
type Obj = Record<string, unknown>;
const withId = <T extends Obj>(o: T | null | undefined): (T & { id: string }) | null => (o ? { ...o, id: String(o.id ?? o._id ?? '') } : null);
const list = <T extends Obj>(v: unknown): Array<T & { id: string }> => (Array.isArray(v) ? v.map((x) => withId(x as T)!) : []);

/** The wire shapes, written once in the domain; `withId` adds `id` beside `_id`. */
type WithId<T> = T & { id: string };
export type Address = WithId<AddressView>;
export type Company = WithId<CompanyView>;
export type AccountUser = WithId<UserView>;
export type Group = WithId<GroupView>;
export type Signature = WithId<SignatureView>;
export interface UserPage {
  users: AccountUser[];
  total: number;
  groups: Group[];
}

export const accountsApi = {
  loginStatus: () => api<{ invalidMsg?: string; notification?: string }>('auth/login'),
  register: (body: Obj) => api<Obj>('auth/register', { body }),
  requestReset: (email: string) => api<Obj>('company/user/reset_password', { body: { email } }),
  checkReset: (token: string) => api<{ valid: boolean }>('company/user/reset_password/check', { body: { token } }),
  confirmReset: (token: string, password: string, confirmPassword: string) =>
    api<Obj>('company/user/reset_password/confirm', { body: { token, password, confirmPassword } }),

  company: async (id: string) => withId((await api<{ company: Company }>(`company/profile/${id}`)).company as unknown as Obj) as unknown as Company,
  createCompany: (body: Obj) => api<{ company: Company }>('company/profile/create', { body }),
  updateCompany: (id: string, body: Obj) => api<{ company: Company }>(`company/profile/${id}/update`, { body }),

  addresses: async () => list<Obj>((await api<{ address_list: unknown }>('company/addresses')).address_list) as unknown as Address[],
  createAddress: async (body: Obj) => withId((await api<{ address: Obj }>('company/address/create', { body })).address) as unknown as Address,
  updateAddress: (id: string, body: Obj) => api<Obj>(`company/address/${id}/update`, { body }),

  /** Server-side paging (0-based here, 1-based on the wire) and search (the old pager was static text). */
  users: async (q: { page: number; pageSize: number; search?: string }): Promise<UserPage> => {
    const params = new URLSearchParams({ page: String(q.page + 1), pageSize: String(q.pageSize) });
    if (q.search) params.set('q', q.search);
    const b = await api<{ user_list: unknown; total?: number; groups?: unknown }>(`company/users?${params}`);
    const users = list<Obj>(b.user_list) as unknown as AccountUser[];
    return { users, total: typeof b.total === 'number' ? b.total : users.length, groups: list<Obj>(b.groups) as unknown as Group[] };
  },
  user: async (id: string) => withId((await api<{ user: Obj }>(`company/user/${id}`)).user) as unknown as AccountUser,
  userCreateInfo: async () => {
    const b = await api<{ groups?: unknown; company?: Obj }>('company/user/create');
    return { groups: list<Obj>(b.groups) as unknown as Group[], company: withId(b.company) as unknown as Company | null };
  },
  createUser: (body: Obj) => api<Obj>('company/user/create', { body }),
  updateUser: (id: string, body: Obj) => api<Obj>(`company/user/${id}/update`, { body }),
  updateProfile: (id: string, body: Obj) => api<Obj>(`company/user/${id}/update_profile`, { body }),
  /** currentPassword is required when users change their own password. */
  updatePassword: (id: string, body: { password: string; confirmPassword?: string; currentPassword?: string }) =>
    api<Obj>(`company/user/${id}/update_password`, { body }),
  deleteUser: (id: string) => api<Obj>(`company/user/${id}/delete`, { method: 'POST', body: {} }),

  groups: async () => list<Obj>((await api<{ groups: unknown }>('company/groups')).groups) as unknown as Group[],
  group: async (id: string) => withId((await api<{ group: Obj }>(`company/group/${id}`)).group) as unknown as Group,
  /** Asks the server whether this user may create groups; the answer carries invalidMsg when not. */
  groupCreateCheck: () => api<{ invalidMsg?: string }>('company/group/create'),
  createGroup: (body: Obj) => api<Obj>('company/group/create', { body }),
  updateGroup: (id: string, body: Obj) => api<Obj>(`company/group/${id}/update`, { body }),

  /** The caller's own signature, or null. */
  mySignature: async (): Promise<Signature | null> =>
    withId((await api<{ signature: Obj | null }>('company/signature')).signature) as unknown as Signature | null,
  createSignature: (body: Obj) => api<{ signature: Signature }>('company/signature/create', { body }),
  updateSignature: (id: string, body: Obj) => api<{ signature: Signature }>(`company/signature/${id}/update`, { body }),
};

export { refId };

/** 'first last : role' as the director select shows a user (docs/spec/approvals.md §2). */
/** A user as a choice or a company's representative: name and role, the role in the reader's language ("Jack Murray (Manager)"). */
export const userLabel = (u: Pick<AccountUser, 'firstname' | 'lastname' | 'role'>, t: (key: string) => string) =>
  `${u.firstname} ${u.lastname} (${storedRole(u.role, t)})`;
