import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render';
import { adminUser, fakeApi, type Call } from '../../../test/fake-api';

/** 40 users on the "server"; it pages and searches them as the API would. */
const people = Array.from({ length: 40 }, (_, i) => ({
  _id: `u-${i + 1}`,
  email: `user${i + 1}@farm.example`,
  firstname: `First${i + 1}`,
  lastname: i === 33 ? 'Nguyen' : `Last${i + 1}`,
  phone: '0412345678',
  role: i === 0 ? 'admin' : 'staff',
  status: 'active',
  company: { _id: 'c-1', name: 'Riverina Grain' },
}));
function usersEndpoint({ query }: Call) {
  const page = Number(query.get('page')) - 1; // 1-based on the wire (domain userListQuerySchema)
  const size = Number(query.get('pageSize'));
  const s = (query.get('q') ?? '').toLowerCase();
  const hits = people.filter((p) => !s || `${p.firstname} ${p.lastname} ${p.email}`.toLowerCase().includes(s));
  return { user_list: hits.slice(page * size, page * size + size), total: hits.length, groups: [] };
}

describe('user list', () => {
  beforeEach(() => localStorage.clear());

  it('pages on the server and searches from page one', async () => {
    const api = fakeApi({ 'GET /api/auth/current_user': () => ({ user: adminUser }), 'GET /api/company/users': usersEndpoint });
    const user = userEvent.setup();
    renderApp('/views/user/list');

    expect(await screen.findByText('user1@farm.example')).toBeInTheDocument();
    expect(screen.getByText('user15@farm.example')).toBeInTheDocument();
    expect(screen.queryByText('user16@farm.example')).not.toBeInTheDocument();
    expect(screen.getByText('1 - 15 of 40 records')).toBeInTheDocument();
    const first = api.find('GET', '/api/company/users')[0];
    expect(first.query.get('page')).toBe('1');
    expect(first.query.get('pageSize')).toBe('15');

    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('user16@farm.example')).toBeInTheDocument();
    expect(screen.queryByText('user1@farm.example')).not.toBeInTheDocument();
    expect(screen.getByText('16 - 30 of 40 records')).toBeInTheDocument();
    expect(api.find('GET', '/api/company/users').at(-1)!.query.get('page')).toBe('2');
    // the Item column counts across pages
    const row16 = screen.getByText('user16@farm.example').closest('[role=row]') as HTMLElement;
    expect(within(row16).getByText('16')).toBeInTheDocument();

    await user.type(screen.getByTestId('user-search'), 'nguyen');
    await waitFor(() => expect(screen.getByText('user34@farm.example')).toBeInTheDocument());
    const searched = api.find('GET', '/api/company/users').at(-1)!;
    expect(searched.query.get('q')).toBe('nguyen');
    expect(searched.query.get('page')).toBe('1');
    expect(screen.getByText('1 - 1 of 1 records')).toBeInTheDocument();

    // a row opens the user's detail
    await user.click(screen.getByText('user34@farm.example'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/user/detail?id=u-34'));
  });

  it('deletes a user only after confirmation', async () => {
    const deleted: string[] = [];
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/user/u-7': () => ({ user: { ...people[6], signature: { _id: 's-1', guid: 'GUID-7', effectiveDate: '2025-01-02' } } }),
      'POST /api/company/user/u-7/delete': () => {
        deleted.push('u-7');
        return {};
      },
      'GET /api/company/users': usersEndpoint,
    });
    const user = userEvent.setup();
    renderApp('/views/user/detail?id=u-7');
    expect(await screen.findByTestId('user-name')).toHaveTextContent('First7 Last7');
    expect(screen.getByTestId('user-signature')).toHaveTextContent('GUID-7');

    await user.click(screen.getByTestId('user-delete'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toHaveLength(0);

    await user.click(screen.getByTestId('user-delete'));
    await user.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(deleted).toEqual(['u-7']));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/user/list'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('User deleted');
  });

  it("lets an admin reset another user's digital signature after confirmation", async () => {
    let signature: object | null = { _id: 's-9', guid: 'GUID-9', effectiveDate: '2025-01-02' };
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/user/u-9': () => ({ user: { ...people[8], signature } }),
      'POST /api/company/signature/s-9/reset': () => {
        signature = null;
        return { ok: true };
      },
    });
    const user = userEvent.setup();
    renderApp('/views/user/detail?id=u-9');
    expect(await screen.findByTestId('user-signature')).toHaveTextContent('GUID-9');
    await user.click(screen.getByTestId('user-signature-reset'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Their key will sign no more');
    await user.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(api.find('POST', '/api/company/signature/s-9/reset')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('user-signature')).toHaveTextContent('No digital signature yet'));
    expect(screen.queryByTestId('user-signature-reset')).not.toBeInTheDocument();
  });
});
