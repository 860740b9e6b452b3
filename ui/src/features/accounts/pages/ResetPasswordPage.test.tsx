import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render';
import { fakeApi, signedOut } from '../../../test/fake-api';

describe('password reset', () => {
  beforeEach(() => localStorage.clear());

  it('asks for a reset link and shows the spec wording', async () => {
    const api = fakeApi({
      'GET /api/auth/current_user': () => signedOut,
      'POST /api/company/user/reset_password': () => ({ message: 'Please check your email for a link to set a new password' }),
    });
    const user = userEvent.setup();
    renderApp('/views/resetpassword');
    await user.type(await screen.findByLabelText(/Email/), 'grower@farm.example');
    await user.click(screen.getByRole('button', { name: 'Click to reset' }));
    expect(await screen.findByTestId('reset-sent')).toHaveTextContent('Please check your email for a link to set a new password');
    expect(api.find('POST', '/api/company/user/reset_password')[0].body).toEqual({ email: 'grower@farm.example' });
  });

  it('lets the e-mailed link set a new password once, and says so when the link is spent', async () => {
    let used = false;
    const api = fakeApi({
      'GET /api/auth/current_user': () => signedOut,
      'GET /api/auth/login': () => ({}),
      'POST /api/company/user/reset_password/check': () => ({ valid: !used }),
      'POST /api/company/user/reset_password/confirm': () => {
        if (used) return { status: 400, body: { invalidMsg: 'This reset link is invalid or has expired', code: 'RESET_TOKEN_INVALID' } };
        used = true;
        return { message: 'ok' };
      },
    });
    const user = userEvent.setup();
    const first = renderApp('/views/resetpassword?token=tok-1234567890');
    await user.type(await screen.findByLabelText(/^New password/), 'N3w!password');
    await user.type(screen.getByLabelText(/^Confirm password/), 'N3w!password');
    await user.click(screen.getByTestId('reset-confirm-submit'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/login'));
    expect(api.find('POST', '/api/company/user/reset_password/confirm')[0].body).toEqual({
      token: 'tok-1234567890',
      password: 'N3w!password',
      confirmPassword: 'N3w!password',
    });
    first.unmount();

    renderApp('/views/resetpassword?token=tok-1234567890');
    expect(await screen.findByTestId('reset-token-invalid')).toHaveTextContent('This reset link is invalid or has expired');
    expect(screen.getByTestId('reset-confirm-submit')).toBeDisabled();
  });
});
