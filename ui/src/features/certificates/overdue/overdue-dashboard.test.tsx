import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OverdueRow } from '@grain/domain';
import { renderApp } from '../../../test/render';
import { adminUser, fakeApi } from '../../../test/fake-api';

const row = (n: string, extra: Partial<OverdueRow> = {}): OverdueRow =>
  ({
    _id: `id-${n}`,
    approvalNumber: n,
    approvalName: `Barley lot ${n}`,
    level: 2,
    levelId: 'l-2',
    group: 'Quality',
    deadline: '2025-11-05T00:00:00Z',
    overdue: true,
    since: '2025-11-01T00:00:00Z',
    holders: [{ _id: 'u-2', fullName: 'Mia Tran' }],
    signers: [],
    remindersSent: 3,
    manage: true,
    adjust: true,
    ...extra,
  }) as OverdueRow;

describe('the overdue dashboard on a wide screen', () => {
  it('lists overdue and due-soon certificates, filters them, and reminds a level from its row (then loads again)', async () => {
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/approvals/overdue': () => ({ rows: [row('C-100'), row('C-200', { overdue: false, manage: false, adjust: false })] }),
      'POST /api/company/approval/id-C-100/remind': () => ({ approval: { _id: 'id-C-100' } }),
    });
    renderApp('/views/approval/overdue');
    const late = await screen.findByTestId('overdue-row-C-100');
    expect(within(late).getByText('Mia Tran')).toBeInTheDocument();
    // a row nobody here may act on offers nothing
    expect(within(screen.getByTestId('overdue-row-C-200')).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByTestId('filter-overdue'));
    expect(screen.queryByTestId('overdue-row-C-200')).toBeNull();
    const loads = api.find('GET', '/api/company/approvals/overdue').length;
    await userEvent.click(screen.getByTestId('remind-C-100'));
    await waitFor(() => expect(api.find('POST', '/api/company/approval/id-C-100/remind')).toHaveLength(1));
    expect(api.find('POST', '/api/company/approval/id-C-100/remind')[0].body).toEqual({ to: 'signers' });
    await waitFor(() => expect(api.find('GET', '/api/company/approvals/overdue').length).toBe(loads + 1));
    expect(await screen.findByTestId('toast')).toBeInTheDocument();
  });
});
