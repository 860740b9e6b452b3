import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CertificateListCard } from '@grain/domain';
import { renderApp } from '../../../test/render';
import { adminUser, fakeApi } from '../../../test/fake-api';

const cert = (n: number): CertificateListCard => ({
  _id: `c-${n}`,
  approvalNumber: `2025010${n}`,
  approvalName: `Wheat lot ${n}`,
  priority: 'Medium',
  stageLevel: 1,
  status: 'signing',
  displayStatus: 'signing',
  overdue: false,
  deadline: '2030-01-02',
  docType: null,
  approvalLevels: [{ level: 1, group: 'Level 1', signedCount: 0, signatures: 1, status: 'signing' }],
  currentGroup: 'Level 1',
  assignees: ['Ann Signer'],
});

describe('the certificate list, paged by cursor', () => {
  it.each([
    ['en', 'Load more'],
    ['vn', 'Tải thêm'],
  ] as const)('shows the first page, appends the next on "more" and offers no more at the end (%s)', async (lang, more) => {
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/approvals': ({ query }) =>
        query.get('cursor') === 'p2'
          ? { approval_list: [cert(3)], counts: { signing: 3 }, nextCursor: null }
          : { approval_list: [cert(1), cert(2)], counts: { signing: 3 }, nextCursor: 'p2' },
    });
    renderApp('/views/approval/list', { lang });
    expect(await screen.findByText('Wheat lot 2', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('Wheat lot 3', { exact: false })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: more }));
    expect(await screen.findByText('Wheat lot 3', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Wheat lot 1', { exact: false })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: more })).toBeNull());
    expect(api.find('GET', '/api/company/approvals').map((c) => c.query.get('cursor'))).toContain('p2');
  });
});
