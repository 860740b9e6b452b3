import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render';
import { adminUser, fakeApi, signedOut } from '../../../test/fake-api';

/** A certificate at level 1, which the signed-in user may sign. */
const approval = {
  _id: 'cert-1',
  approvalNumber: 'N-1',
  approvalName: 'Wheat lot 7',
  status: 'signing',
  displayStatus: 'signing',
  stageLevel: 1,
  priority: 'Medium',
  summary: '',
  startDate: '2026-11-20T00:00:00Z',
  deadline: '2026-11-30T00:00:00Z',
  submitter: { _id: 'u-sub', fullName: 'Sam Submitter', email: 'sam@farm.example' },
  approvalDoc: null,
  supportDocs: [],
  contentHash: 'a'.repeat(64),
  audit: [],
  approvalLevels: [
    {
      _id: 'cert-1-L1',
      level: 1,
      group: 'Farm Data Signing',
      signatures: 1,
      deadline: '2026-11-30T00:00:00Z',
      status: 'signing',
      comments: [],
      overdue: false,
      signers: [{ _id: adminUser.id, fullName: 'Ada Admin', email: adminUser.email, role: 'admin' }],
      signed: [],
      signedEntries: [],
      voided: [],
    },
  ],
  can: { edit: false, sign: true, reject: true, delegate: true, delete: false, getCert: false, pdfPending: false, signaturePassword: false },
};

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
