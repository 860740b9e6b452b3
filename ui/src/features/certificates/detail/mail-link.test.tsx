import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render';
import { adminUser, fakeApi, signedOut } from '../../../test/fake-api';
import { oneLevelApproval } from '../../../test/approval-fixture';

/** A certificate at level 1, which the signed-in user may sign. */
const approval = oneLevelApproval('signing', { sign: true, reject: true, delegate: true });

describe('the link in a mail', () => {
  it('signs the reader in first, then opens that certificate with its sign dialog', async () => {
    let signedIn = false;
    const api = fakeApi({
      'GET /api/auth/current_user': () => (signedIn ? { user: adminUser } : signedOut),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { user: adminUser };
      },
      'GET /api/company/approval/cert-1': () => ({ approval }),
      'POST /api/company/approvallevel/cert-1-L1/code': () => ({ invalidMsg: 'A code was sent' }),
      'POST /api/company/approval/cert-1/opened': () => ({ ok: true }),
    });
    const user = userEvent.setup();
    renderApp('/views/approval/detail?id=cert-1&sign=1');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/login'));
    await user.type(await screen.findByLabelText(/Email/), adminUser.email);
    await user.type(screen.getByLabelText(/Password/), 'Any#pass1');
    await user.click(screen.getByRole('button', { name: 'LET ME IN!' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/approval/detail?id=cert-1&sign=1'));
    expect(await screen.findByTestId('sign-dialog')).toBeInTheDocument();
    // the signer has opened it: said once, by a POST (reading the certificate records nothing)
    await waitFor(() => expect(api.find('POST', '/api/company/approval/cert-1/opened')).toHaveLength(1));
  });
});
