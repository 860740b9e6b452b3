import { formatPhone, type CountryCode, type Permission } from '@grain/domain';
import type { AccountUser, Group } from '../api';
import type { UserCreateForm } from '../phone-forms';

/** The user form before anything is typed or loaded. */
export const EMPTY_USER_FORM: UserCreateForm = {
  email: '',
  password: '',
  confirmPassword: '',
  firstname: '',
  lastname: '',
  phone: '',
  role: 'staff',
  status: 'active',
  currentPassword: '',
};

/** The form filled from a stored user; the stored number (E.164) is shown as the company's people write it. */
export function userFormValues(u: AccountUser, country: CountryCode): UserCreateForm {
  return {
    ...EMPTY_USER_FORM,
    email: u.email,
    firstname: u.firstname,
    lastname: u.lastname,
    phone: formatPhone(u.phone, country),
    role: u.role,
    status: (u.status as UserCreateForm['status']) || 'active',
  };
}

/**
 * The roles the caller may give. The server refuses a non-admin granting admin or a group holding more
 * than they do, so those are not offered; the user's present role stays listed.
 */
export function grantableRoles(groups: Group[], me: { role: string; permissions: Permission[] } | null | undefined, current?: string): string[] {
  const meAdmin = me?.role === 'admin';
  const grantable = groups.filter((g) => meAdmin || g.roles.every((p) => me?.permissions.includes(p)));
  const names = new Set<string>([...(meAdmin ? ['admin'] : []), ...grantable.map((g) => g.groupName)]);
  if (current) names.add(current);
  return [...names];
}
