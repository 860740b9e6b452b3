import type {
  AddressAnswer,
  AddressListAnswer,
  AddressView,
  CompanyAnswer,
  CompanyView,
  EmailConfirmedAnswer,
  GroupAnswer,
  GroupFormInfoAnswer,
  GroupListAnswer,
  GroupSavedAnswer,
  GroupView,
  LoginStatusAnswer,
  MySignatureAnswer,
  OkAnswer,
  ResetMessageAnswer,
  ResetTokenCheckAnswer,
  SignatureAnswer,
  SignatureView,
  SignedInAnswer,
  UserAnswer,
  UserCreatedAnswer,
  UserDeletedAnswer,
  UserFormInfoAnswer,
  UserListAnswer,
  UserView,
} from '@grain/domain';
import { api } from '../../api/client';
import { refId } from '../../app/auth';
import { storedRole } from '../../app/stored-text';

/**
 * Every accounts call of docs/spec/approvals.md §7 in one place (paths relative to /api/). The answers
 * are the domain's (domain/src/accounts/answers.ts), written once for the API and this client. Records
 * carry `_id`; `withId` gives every record an `id` as well (from `id` where one is present), so screens
 * need not care.
 */
type Obj = Record<string, unknown>;
type WithId<T> = T & { id: string };
const withId = <T extends object>(o: T | null | undefined): WithId<T> | null => {
  if (!o) return null;
  const r = o as Obj;
  return { ...o, id: String(r.id ?? r._id ?? '') };
};
const list = <T extends object>(v: readonly T[] | null | undefined): Array<WithId<T>> => (Array.isArray(v) ? v.map((x: T) => withId(x)!) : []);

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
  loginStatus: () => api<LoginStatusAnswer>('auth/login'),
  register: (body: Obj) => api<SignedInAnswer>('auth/register', { body }),
  requestReset: (email: string) => api<ResetMessageAnswer>('company/user/reset_password', { body: { email } }),
  checkReset: (token: string) => api<ResetTokenCheckAnswer>('company/user/reset_password/check', { body: { token } }),
  confirmReset: (token: string, password: string, confirmPassword: string) =>
    api<ResetMessageAnswer>('company/user/reset_password/confirm', { body: { token, password, confirmPassword } }),

  company: async (id: string) => withId((await api<CompanyAnswer>(`company/profile/${id}`)).company)!,
  createCompany: (body: Obj) => api<CompanyAnswer>('company/profile/create', { body }),
  updateCompany: (id: string, body: Obj) => api<CompanyAnswer>(`company/profile/${id}/update`, { body }),

  addresses: async (): Promise<Address[]> => list((await api<AddressListAnswer>('company/addresses')).address_list),
  createAddress: async (body: Obj) => withId((await api<AddressAnswer>('company/address/create', { body })).address)!,
  updateAddress: (id: string, body: Obj) => api<AddressAnswer>(`company/address/${id}/update`, { body }),

  /** Server-side paging (0-based here, 1-based on the wire) and search (the old pager was static text). */
  users: async (q: { page: number; pageSize: number; search?: string }): Promise<UserPage> => {
    const params = new URLSearchParams({ page: String(q.page + 1), pageSize: String(q.pageSize) });
    if (q.search) params.set('q', q.search);
    const b = await api<UserListAnswer>(`company/users?${params}`);
    const users = list(b.user_list);
    return { users, total: typeof b.total === 'number' ? b.total : users.length, groups: list(b.groups) };
  },
  user: async (id: string) => withId((await api<UserAnswer>(`company/user/${id}`)).user)!,
  userCreateInfo: async () => {
    const b = await api<UserFormInfoAnswer>('company/user/create');
    return { groups: list(b.groups), company: withId(b.company) };
  },
  createUser: (body: Obj) => api<UserCreatedAnswer>('company/user/create', { body }),
  updateUser: (id: string, body: Obj) => api<UserAnswer>(`company/user/${id}/update`, { body }),
  updateProfile: (id: string, body: Obj) => api<UserAnswer>(`company/user/${id}/update_profile`, { body }),
  /** The link mailed to a new address: posting its token makes the change (no session needed). */
  confirmEmail: (token: string) => api<EmailConfirmedAnswer>('company/user/confirm_email', { body: { token } }),
  /** currentPassword is required when users change their own password. */
  updatePassword: (id: string, body: { password: string; confirmPassword?: string; currentPassword?: string }) =>
    api<UserAnswer>(`company/user/${id}/update_password`, { body }),
  deleteUser: (id: string) => api<UserDeletedAnswer>(`company/user/${id}/delete`, { method: 'POST', body: {} }),

  groups: async (): Promise<Group[]> => list((await api<GroupListAnswer>('company/groups')).groups),
  group: async (id: string) => withId((await api<GroupAnswer>(`company/group/${id}`)).group)!,
  /** Asks the server whether this user may create groups; the answer carries invalidMsg when not. */
  groupCreateCheck: () => api<GroupFormInfoAnswer>('company/group/create'),
  createGroup: (body: Obj) => api<GroupSavedAnswer>('company/group/create', { body }),
  updateGroup: (id: string, body: Obj) => api<GroupSavedAnswer>(`company/group/${id}/update`, { body }),

  /** The caller's own signature, or null. */
  mySignature: async (): Promise<Signature | null> => withId((await api<MySignatureAnswer>('company/signature')).signature),
  createSignature: (body: Obj) => api<SignatureAnswer>('company/signature/create', { body }),
  /** A new key in place of the current one `id`, unlocked by `oldPassword`. */
  updateSignature: (id: string, body: Obj) => api<SignatureAnswer>(`company/signature/${id}/update`, { body }),
  /** An admin retires a user's key (its password is lost); the user then creates a new one. */
  resetSignature: (id: string) => api<OkAnswer>(`company/signature/${id}/reset`, { body: {} }),
};

export { refId };

/** 'first last : role' as the director select shows a user (docs/spec/approvals.md §2). */
/** A user as a choice or a company's representative: name and role, the role in the reader's language ("Jack Murray (Manager)"). */
export const userLabel = (u: Pick<AccountUser, 'firstname' | 'lastname' | 'role'>, t: (key: string) => string) =>
  `${u.firstname} ${u.lastname} (${storedRole(u.role, t)})`;
