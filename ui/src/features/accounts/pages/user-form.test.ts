import type { Permission } from '@grain/domain';
import type { AccountUser, Group } from '../api';
import { EMPTY_USER_FORM, grantableRoles, userFormValues } from './user-form';

const group = (groupName: string, roles: string[]) =>
  ({ id: groupName, _id: groupName, groupName, roles, status: 'active', company: 'c-1' }) as unknown as Group;
const groups = [group('clerks', ['viewInfo']), group('signers', ['viewInfo', 'approve'])];
const person = (role: string, permissions: string[]) => ({ role, permissions: permissions as Permission[] });

describe('the roles the user form offers', () => {
  it('offers an admin every group and admin', () => {
    expect(grantableRoles(groups, person('admin', []))).toEqual(['admin', 'clerks', 'signers']);
  });

  it('offers anyone else only the groups holding no more than they hold, never admin', () => {
    expect(grantableRoles(groups, person('clerks', ['viewInfo']))).toEqual(['clerks']);
    expect(grantableRoles(groups, null)).toEqual([]);
  });

  it("keeps the user's present role listed, once", () => {
    expect(grantableRoles(groups, person('clerks', ['viewInfo']), 'signers')).toEqual(['clerks', 'signers']);
    expect(grantableRoles(groups, person('clerks', ['viewInfo']), 'clerks')).toEqual(['clerks']);
  });
});

describe('the user form filled from a stored user', () => {
  it('shows the stored number as the country writes it, with no passwords, and active when no status is stored', () => {
    const u = {
      id: 'u-1',
      email: 'an@farm.example',
      firstname: 'An',
      lastname: 'Nguyen',
      phone: '+61412345678',
      role: 'clerks',
      status: '',
    } as unknown as AccountUser;
    expect(userFormValues(u, 'AU')).toEqual({
      ...EMPTY_USER_FORM,
      email: 'an@farm.example',
      firstname: 'An',
      lastname: 'Nguyen',
      phone: '0412 345 678',
      role: 'clerks',
      status: 'active',
    });
  });
});
