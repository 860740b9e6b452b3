import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test/render';
import { adminUser, fakeApi, signedOut } from '../test/fake-api';

const staffUser = {
  id: 'u-staff',
  email: 'staff@farm.example',
  firstname: 'Sam',
  lastname: 'Staff',
  role: 'staff',
  status: 'active',
  companyId: 'c-1',
  permissions: ['viewApproval', 'editDocument', 'viewDocument', 'editInfo', 'viewInfo'],
};
type U = typeof adminUser | typeof staffUser;

/** A server with one session at a time: login as either user, logout, current_user. */
function sessionServer(extra: Parameters<typeof fakeApi>[0] = {}) {
  let current: U | null = null;
  const byEmail: Record<string, U> = { [adminUser.email]: adminUser, [staffUser.email]: staffUser };
  const api = fakeApi({
    'GET /api/auth/current_user': () => (current ? { user: current } : signedOut),
    'POST /api/auth/login': ({ body }) => {
      current = byEmail[(body as { email: string }).email] ?? null;
      return current ? { user: current } : { status: 401, body: { invalidMsg: 'Wrong email or password', code: 'LOGIN_FAILED' } };
    },
    'POST /api/auth/logout': () => {
      current = null;
      return {};
    },
    'GET /api/company/documentes': () => ({ documents: [] }),
    'GET /api/company/signature': () => ({ signature: null }),
    ...extra,
  });
  return {
    api,
    signInAs: (u: U) => {
      current = u;
    },
    endSession: () => {
      current = null;
    },
  };
}

async function signInThroughForm(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(await screen.findByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Password/), 'Any#pass1');
  await user.click(screen.getByRole('button', { name: 'LET ME IN!' }));
}

describe('the session', () => {
  beforeEach(() => localStorage.clear());

  it("after a logout, the next user to sign in starts at the certificate list, not on the previous user's page", async () => {
    const s = sessionServer();
    s.signInAs(adminUser);
    const user = userEvent.setup();
    renderApp('/views/document/list');
    expect(await screen.findByTestId('document-list')).toBeInTheDocument();

    await user.click(screen.getByTestId('user-menu-button'));
    await user.click(await screen.findByTestId('logout'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/login'));
    expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();

    await signInThroughForm(user, staffUser.email);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/approval/list'));
  });

  it('a 401 in the middle of work sends the user to sign in, and back to the same page once signed in again', async () => {
    let expired = false;
    const s = sessionServer({
      'GET /api/company/documentes': () => (expired ? signedOut : { documents: [] }),
    });
    s.signInAs(adminUser);
    const user = userEvent.setup();
    renderApp('/views/document/list');
    expect(await screen.findByTestId('document-list')).toBeInTheDocument();

    // the session ends on the server; the next call of the screen (a search) is refused with 401
    expired = true;
    s.endSession();
    await user.type(screen.getByTestId('doc-search'), 'inv');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/login'));
    expect(await screen.findByTestId('session-ended')).toHaveTextContent('Your session has ended');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument(); // no second, red 'please sign in' from the screen

    expired = false;
    await signInThroughForm(user, adminUser.email);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/document/list'));
  });

  it('a different user signing in after an expired session starts at the certificate list', async () => {
    let expired = false;
    const s = sessionServer({ 'GET /api/company/documentes': () => (expired ? signedOut : { documents: [] }) });
    s.signInAs(adminUser);
    const user = userEvent.setup();
    renderApp('/views/document/list');
    expect(await screen.findByTestId('document-list')).toBeInTheDocument();
    expired = true;
    s.endSession();
    await user.type(screen.getByTestId('doc-search'), 'x');
    expect(await screen.findByTestId('session-ended')).toBeInTheDocument();
    expired = false;
    await signInThroughForm(user, staffUser.email);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/approval/list'));
  });

  it('a new admin without a company lands on setting one up, not on a screen that would refuse them', async () => {
    const newcomer = { ...adminUser, id: 'u-new', email: 'new@farm.example', companyId: null };
    const s = sessionServer({ 'GET /api/company/addresses': () => ({ address_list: [] }) });
    s.signInAs(newcomer as never);
    renderApp('/views/login');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/company/create'));
    expect(screen.queryByTestId('access-denied')).not.toBeInTheDocument();
  });

  it('a wrong password is not a lost session: the login form just says so', async () => {
    const s = sessionServer({ 'POST /api/auth/login': () => ({ status: 401, body: { invalidMsg: 'Wrong email or password', code: 'LOGIN_FAILED' } }) });
    void s;
    const user = userEvent.setup();
    renderApp('/views/login');
    await signInThroughForm(user, adminUser.email);
    expect(await screen.findByTestId('invalid-msg')).toHaveTextContent('Wrong email or password');
    expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();
  });

  it('shows a user only the menu entries their permissions allow', async () => {
    const s = sessionServer();
    s.signInAs(staffUser);
    const user = userEvent.setup();
    renderApp('/views/signature/detail');
    const nav = await screen.findByRole('tablist', { name: 'main navigation' });
    expect(
      within(nav)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Certificates', 'Farm data', 'Documents', 'Policies', 'Compliance']);
    const side = screen.getByTestId('side-menu');
    expect(within(side).queryByText('User Management')).not.toBeInTheDocument();
    expect(within(side).queryByText('User Groups')).not.toBeInTheDocument();
    expect(within(side).getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/views/user/detail');

    await user.click(screen.getByTestId('user-menu-button'));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .filter((m) => m.getAttribute('data-testid') !== 'user-menu-who') // who is signed in: an item that does nothing
        .map((m) => m.textContent),
    ).toEqual(['My Profile', 'Logout']);
    expect(screen.getByTestId('user-menu-who')).toHaveTextContent('staff@farm.example');
  });

  it('shows an unknown path inside the frame for a signed-in user, with a way home', async () => {
    const s = sessionServer();
    s.signInAs(adminUser);
    renderApp('/views/no-such-screen');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the certificates' })).toHaveAttribute('href', '/views/approval/list');
  });
});
