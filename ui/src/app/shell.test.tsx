import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test/render';
import { adminUser, fakeApi, signedOut } from '../test/fake-api';

describe('the shell', () => {
  beforeEach(() => localStorage.clear());

  it('switches every text between en and vn, remembers the choice and sends it to the API', async () => {
    const api = fakeApi({ 'GET /api/auth/current_user': () => signedOut, 'GET /api/auth/login': () => ({}) });
    const user = userEvent.setup();
    renderApp('/views/login', { lang: undefined });
    expect(await screen.findByRole('button', { name: 'LET ME IN!' })).toBeInTheDocument();
    // a visitor's page asks who is signed in without a 401 (a browser logs every 401 as an error)
    expect(api.find('GET', '/api/auth/current_user')).toHaveLength(0);
    expect(api.find('GET', '/api/auth/login').length).toBeGreaterThan(0);

    await user.click(screen.getByTestId('lang-vn'));
    expect(screen.getByRole('button', { name: 'ĐĂNG NHẬP!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quên mật khẩu?' })).toBeInTheDocument();
    expect(localStorage.getItem('lang')).toBe('vn');

    // domain messages follow the language too (field validation codes)
    await user.click(screen.getByRole('button', { name: 'ĐĂNG NHẬP!' }));
    expect(await screen.findByText('Vui lòng nhập email')).toBeInTheDocument();

    await user.click(screen.getByTestId('lang-en'));
    expect(screen.getByRole('button', { name: 'LET ME IN!' })).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(localStorage.getItem('lang')).toBe('en');
    expect(api.calls.every((c) => c.headers['x-lang'])).toBe(true);
  });

  it('frames a signed-in screen: tabs, logo to home, user dropdown, side menu, footer, logout', async () => {
    let signedIn = true;
    const api = fakeApi({
      'GET /api/auth/current_user': () => (signedIn ? { user: adminUser } : signedOut),
      'POST /api/auth/logout': () => {
        signedIn = false;
        return {};
      },
      'GET /api/company/groups': () => ({ groups: [] }),
    });
    const user = userEvent.setup();
    renderApp('/views/group/list');
    expect(await screen.findByRole('heading', { name: 'User Groups' })).toBeInTheDocument();

    const nav = screen.getByRole('tablist', { name: 'main navigation' });
    expect(
      within(nav)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([
      'Waiting for me',
      'Certificates',
      'Farm data',
      'Documents',
      'New certificate',
      'Policies',
      'Compliance',
      'Corrective actions',
      'Overdue',
      'Templates',
    ]);
    expect(screen.getByTestId('logo')).toHaveAttribute('href', '/views/approval/list');
    const side = screen.getByTestId('side-menu');
    expect(within(side).getByText('User Setting')).toBeInTheDocument();
    expect(within(side).getByRole('link', { name: 'User Management' })).toHaveAttribute('href', '/views/user/list');
    expect(within(side).getByRole('link', { name: 'Digital Signature' })).toHaveAttribute('href', '/views/signature/detail');
    expect(screen.getByTestId('footer')).toHaveTextContent('support@graincert.example');

    await user.click(screen.getByTestId('user-menu-button'));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .filter((m) => m.getAttribute('data-testid') !== 'user-menu-who') // who is signed in: an item that does nothing
        .map((m) => m.textContent),
    ).toEqual(['User Management', 'Logout']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/login'));
    expect(api.find('POST', '/api/auth/logout')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'LET ME IN!' })).toBeInTheDocument();
  });
});
