import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test/render';
import { adminUser, fakeApi } from '../test/fake-api';
import { narrowWindow } from '../test/narrow-window';

describe('the shell on small screens', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it.each([700, 420])('at %i px moves the tabs into a drawer and keeps only Logout in the user menu', async (width) => {
    restore = narrowWindow(width);
    fakeApi({ 'GET /api/auth/current_user': () => ({ user: adminUser }), 'GET /api/company/groups': () => ({ groups: [] }) });
    const user = userEvent.setup();
    renderApp('/views/group/list');
    expect(await screen.findByRole('heading', { name: 'User Groups' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByTestId('side-menu')).not.toBeInTheDocument(); // the side menu becomes a row of buttons
    expect(screen.getByRole('navigation', { name: 'User Setting' })).toBeInTheDocument();

    await user.click(screen.getByTestId('user-menu-button'));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .filter((m) => m.getAttribute('data-testid') !== 'user-menu-who') // who is signed in: an item that does nothing
        .map((m) => m.textContent),
    ).toEqual(['Logout']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByTestId('mobile-menu-button'));
    const drawer = await screen.findByTestId('mobile-menu');
    for (const label of ['Certificates', 'Farm data', 'Documents', 'New certificate', 'Policies', 'Compliance', 'Logout']) {
      expect(within(drawer).getByText(label)).toBeInTheDocument();
    }
  });
});
