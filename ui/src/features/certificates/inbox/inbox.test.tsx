import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InboxAnswer } from '@grain/domain';
import { renderApp } from '../../../test/render';
import { adminUser, fakeApi, signedOut } from '../../../test/fake-api';

const signer = { ...adminUser, id: 'u-sig', email: 'sig@farm.example', role: 'Signers', permissions: ['viewApproval', 'signApproval'] };
const answer: InboxAnswer = {
  count: 2,
  inbox: [
    {
      _id: 'c-2',
      approvalNumber: 'N-2',
      approvalName: 'Barley lot 2',
      priority: 'High',
      level: 1,
      levelId: 'c-2-L1',
      group: 'Farm Data Signing',
      deadline: '2026-11-20T00:00:00Z',
      overdue: true,
      submitter: 'Sam Submitter',
      signed: 0,
      signatures: 1,
    },
    {
      _id: 'c-1',
      approvalNumber: 'N-1',
      approvalName: 'Wheat lot 1',
      priority: 'Medium',
      level: 2,
      levelId: 'c-1-L2',
      group: 'Inspection Signing',
      deadline: '2026-12-02T00:00:00Z',
      overdue: false,
      submitter: 'Sam Submitter',
      signed: 1,
      signatures: 2,
      onBehalfOf: 'Ivy Inspector',
    },
  ],
};

describe('waiting for me', () => {
  it('is where a signer lands after signing in, lists what waits for them, overdue first, and counts it on the tab', async () => {
    let signedIn = false;
    fakeApi({
      'GET /api/auth/current_user': () => (signedIn ? { user: signer } : signedOut),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { user: signer };
      },
      'GET /api/company/approvals/inbox': () => answer,
    });
    const user = userEvent.setup();
    renderApp('/views/login');
    await user.type(await screen.findByLabelText(/Email/), signer.email);
    await user.type(screen.getByLabelText(/Password/), 'Any#pass1');
    await user.click(screen.getByRole('button', { name: 'LET ME IN!' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/views/approval/inbox'));
    const table = await screen.findByTestId('inbox-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['N-2', 'N-1']);
    expect(within(rows[0]).getByTestId('inbox-overdue')).toHaveTextContent('Overdue');
    expect(rows[1]).toHaveTextContent('for Ivy Inspector');
    expect(screen.getByTestId('inbox-open-N-2')).toHaveAttribute('href', '/views/approval/detail?id=c-2&sign=1');
    await waitFor(() => expect(screen.getByTestId('tab-badge-inbox')).toHaveTextContent('2'));
  });

  it('says so when nothing waits, in Vietnamese', async () => {
    fakeApi({ 'GET /api/auth/current_user': () => ({ user: signer }), 'GET /api/company/approvals/inbox': () => ({ inbox: [], count: 0 }) });
    renderApp('/views/approval/inbox', { lang: 'vn' });
    expect(await screen.findByTestId('inbox-empty')).toHaveTextContent('Không có chứng nhận nào chờ bạn ký.');
    expect(screen.queryByTestId('tab-badge-inbox')).not.toBeInTheDocument();
  });

  it("shows a manager their team's overdue under their own, counts on the tab only what waits for their own signature, and reminds from there", async () => {
    const manager = { ...adminUser, id: 'u-mgr', role: 'manager', permissions: ['viewApproval', 'signApproval', 'viewSystem', 'editApproval'] };
    const late = { ...answer.inbox[0], _id: 'c-9', approvalNumber: 'N-9', waitingOn: ['Liam Walsh', 'Noah Kelly'] };
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: manager }),
      'GET /api/company/approvals/inbox': () => ({ inbox: [], count: 0, teamOverdue: [late], teamOverdueCount: 1 }),
      'POST /api/company/approval/c-9/remind': () => ({ approval: { _id: 'c-9' } }),
    });
    renderApp('/views/approval/inbox');
    const row = await screen.findByTestId('team-row-N-9');
    expect(screen.getByTestId('team-overdue')).toHaveTextContent("My team's overdue (1)");
    expect(row).toHaveTextContent('Liam Walsh, Noah Kelly');
    expect(within(row).getByRole('link', { name: 'N-9' })).toHaveAttribute('href', '/views/approval/detail?id=c-9');
    // one badge, one meaning: what waits for my signature (nothing here), not the team's late work
    await waitFor(() => expect(api.find('GET', '/api/company/approvals/inbox').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByTestId('tab-badge-inbox')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByTestId('team-remind-N-9'));
    await waitFor(() => expect(api.find('POST', '/api/company/approval/c-9/remind')).toHaveLength(1));
    expect(api.find('POST', '/api/company/approval/c-9/remind')[0].body).toEqual({ to: 'signers' });
    expect(await screen.findByText('The pending signers were reminded')).toBeInTheDocument();
  });
});
