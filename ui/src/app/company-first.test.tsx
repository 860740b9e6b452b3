import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test/render';
import { adminUser, fakeApi } from '../test/fake-api';

/**
 * Before a company exists, the screens that show a company's data (certificates, farm data, documents,
 * users, compliance) have nothing to show and their requests are refused: a new admin who opened
 * "Grain Certificates" saw an "Access denied" banner (and a 403 in the console). They say what to do
 * first instead, without asking the server; the company and address forms, one's password, the policy
 * reference and the blockchain view work as before.
 */
const founder = { ...adminUser, companyId: undefined, company: null };

describe('a signed-in user without a company', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    '/views/approval/list',
    '/views/approval/inbox',
    '/views/farmdata/harvesting/list',
    '/views/document/list',
    '/views/user/list',
    '/views/compliance/create',
  ])('%s asks an admin to set up the company first, and asks the server nothing about it', async (path) => {
    const api = fakeApi({ 'GET /api/auth/current_user': () => ({ user: founder }) });
    renderApp(path);
    expect(await screen.findByTestId('company-first')).toHaveTextContent('Set up your company first');
    expect(screen.queryByText('Access denied')).not.toBeInTheDocument();
    const asked = api.calls.map((c) => c.path).filter((p) => !p.startsWith('/api/auth/'));
    expect(asked).toEqual([]);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Set up your company' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/company/create'));
  });

  it('in Vietnamese, and for a staff member, who cannot found one, says to ask the administrator', async () => {
    fakeApi({ 'GET /api/auth/current_user': () => ({ user: { ...founder, role: 'staff' } }) });
    renderApp('/views/approval/list', { lang: 'vn' });
    expect(await screen.findByTestId('company-first')).toHaveTextContent('Tài khoản của bạn chưa thuộc công ty nào');
    expect(screen.queryByRole('link', { name: /Thiết lập công ty/ })).not.toBeInTheDocument();
  });

  it('the company form, the policy reference and the blockchain view open as usual', async () => {
    fakeApi({ 'GET /api/auth/current_user': () => ({ user: founder }), 'GET /api/company/addresses': () => ({ address_list: [] }) });
    const form = renderApp('/views/company/create');
    expect(await screen.findByRole('heading', { name: 'Set up your company' })).toBeInTheDocument();
    expect(screen.queryByTestId('company-first')).not.toBeInTheDocument();
    form.unmount();
    const policy = renderApp('/views/policy/list');
    await waitFor(() => expect(screen.queryByTestId('page-loading')).not.toBeInTheDocument());
    expect(screen.queryByTestId('company-first')).not.toBeInTheDocument();
    policy.unmount();
  });
});
