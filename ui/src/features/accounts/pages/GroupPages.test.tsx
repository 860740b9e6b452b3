import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSIONS } from '@grain/domain';
import { renderApp } from '../../../test/render';
import { adminUser, fakeApi } from '../../../test/fake-api';

const staff = { ...adminUser, id: 'u-staff', role: 'staff', firstname: 'Sam', lastname: 'Staff', permissions: ['viewInfo'] };

describe('group screens', () => {
  beforeEach(() => localStorage.clear());

  it('creates a group from the permission checkbox table (viewInfo by default)', async () => {
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/group/create': () => ({ groups: [] }),
      'POST /api/company/group/create': () => ({ groups: [] }),
      'GET /api/company/groups': () => ({ groups: [] }),
    });
    const user = userEvent.setup();
    renderApp('/views/group/create');

    const table = await screen.findByTestId('permission-table');
    // one row and one checkbox per permission of docs/spec/approvals.md §6
    for (const p of PERMISSIONS) expect(screen.getByTestId(`perm-${p}`)).toBeInTheDocument();
    expect(table.querySelectorAll('input[type=checkbox]')).toHaveLength(PERMISSIONS.length);
    expect(screen.getByTestId('perm-viewInfo')).toBeChecked();
    expect(screen.getByTestId('perm-editSystem')).not.toBeChecked();

    await user.type(screen.getByLabelText(/^Group name/), 'Quality Inspectors');
    await user.click(screen.getByTestId('perm-signApproval'));
    await user.click(screen.getByTestId('perm-editApproval'));
    await user.click(screen.getByTestId('perm-viewInfo')); // unticking works too
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(api.find('POST', '/api/company/group/create')).toHaveLength(1));
    expect(api.find('POST', '/api/company/group/create')[0].body).toEqual({
      groupName: 'Quality Inspectors',
      status: 'active',
      roles: ['editApproval', 'signApproval'],
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/group/list'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Group created');
  });

  it('refuses an invalid group name under the field and shows the server refusal in red', async () => {
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/group/create': () => ({ groups: [] }),
      'POST /api/company/group/create': () => ({ status: 400, body: { invalidMsg: 'Invalid user group name', code: 'INVALID_GROUP_NAME' } }),
    });
    const user = userEvent.setup();
    renderApp('/views/group/create');
    await user.type(await screen.findByLabelText(/^Group name/), 'bad<name>');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText(/Invalid user group name/)).not.toHaveLength(0);
    expect(api.find('POST', '/api/company/group/create')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Group name/));
    await user.type(screen.getByLabelText(/^Group name/), 'Valid name');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByTestId('invalid-msg')).toHaveTextContent('Invalid user group name'));
    expect(screen.getByTestId('location')).toHaveTextContent('/views/group/create');
  });

  it('shows a group read-only with disabled checkboxes, and no Update for a user who may not edit', async () => {
    fakeApi({
      // may see groups (viewSystem) but not edit them
      'GET /api/auth/current_user': () => ({ user: { ...staff, permissions: ['viewInfo', 'viewSystem'] } }),
      'GET /api/company/group/g-1': () => ({ group: { _id: 'g-1', groupName: 'Signers', status: 'active', roles: ['signApproval', 'viewApproval'] } }),
    });
    renderApp('/views/group/detail?id=g-1');
    expect(await screen.findByTestId('group-name')).toHaveTextContent('Signers');
    expect(screen.getByTestId('perm-signApproval')).toBeChecked();
    expect(screen.getByTestId('perm-signApproval')).toBeDisabled();
    expect(screen.getByTestId('perm-editSystem')).not.toBeChecked();
    expect(screen.queryByRole('link', { name: 'Update' })).not.toBeInTheDocument();
  });

  it('blocks group creation with the access-denied message for a user without editSystem', async () => {
    fakeApi({ 'GET /api/auth/current_user': () => ({ user: staff }) });
    renderApp('/views/group/create');
    // the form is not shown at all (route guard), only the access-denied screen
    expect(await screen.findByTestId('access-denied')).toHaveTextContent('Access denied');
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  });
});
