import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render';
import { adminUser, fakeApi, signedOut } from '../../../test/fake-api';

describe('sign-in screen', () => {
  beforeEach(() => localStorage.clear());

  it('validates per field, shows the server refusal in red, and signs in to the certificate list', async () => {
    let signedIn = false;
    let attempts = 0;
    const api = fakeApi({
      'GET /api/auth/current_user': () => (signedIn ? { user: adminUser } : signedOut),
      'GET /api/auth/login': () => ({ notification: 'Scheduled maintenance tonight', loggedIn: signedIn, ...(signedIn && { user: adminUser }) }),
      'POST /api/auth/login': ({ body }) => {
        attempts += 1;
        const b = body as { email: string; password: string };
        if (b.password !== 'Corr3ct!pass') return { status: 401, body: { invalidMsg: 'Wrong email or password', code: 'LOGIN_FAILED' } };
        signedIn = true;
        return { user: { ...adminUser, company: { id: 'c-1', name: 'Farm Co' } }, company: { id: 'c-1' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/views/login');

    expect(await screen.findByTestId('login-banner')).toHaveTextContent('Scheduled maintenance tonight');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/views/adminSignup');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/views/resetpassword');

    // an empty form is refused field by field (domain loginSchema), without calling the server
    await user.click(screen.getByRole('button', { name: 'LET ME IN!' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(attempts).toBe(0);

    await user.type(screen.getByLabelText(/Email/), 'admin@farm.example');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'LET ME IN!' }));
    expect(await screen.findByTestId('invalid-msg')).toHaveTextContent('Wrong email or password');

    await user.clear(screen.getByLabelText(/Password/));
    await user.type(screen.getByLabelText(/Password/), 'Corr3ct!pass');
    await user.click(screen.getByRole('button', { name: 'LET ME IN!' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/approval/list'));
    expect(api.find('POST', '/api/auth/login').at(-1)?.body).toEqual({ email: 'admin@farm.example', password: 'Corr3ct!pass' });
    // the signed-in frame is shown: the top menu carries the user's name
    expect(await screen.findByTestId('user-menu-button')).toHaveTextContent('Ada Admin');
  });

  it('sends a visitor without a session from a guarded screen to /views/login', async () => {
    fakeApi({ 'GET /api/auth/current_user': () => signedOut, 'GET /api/auth/login': () => ({}) });
    renderApp('/views/user/list');
    expect(await screen.findByRole('button', { name: 'LET ME IN!' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/views/login');
  });

  it('shows the not-found screen for an unknown path', async () => {
    fakeApi({ 'GET /api/auth/current_user': () => signedOut });
    renderApp('/views/nowhere');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});
