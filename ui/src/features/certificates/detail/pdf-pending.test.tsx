import { screen } from '@testing-library/react';
import { renderApp } from '../../../test/render';
import { adminUser, fakeApi } from '../../../test/fake-api';
import { oneLevelApproval } from '../../../test/approval-fixture';

/** A certificate whose last signature was just recorded: done, its PDF not made yet (or made). */
const approval = (pdf: 'pending' | 'made') => oneLevelApproval('done', { getCert: pdf === 'made', pdfPending: pdf === 'pending' });

describe('a done certificate in the seconds before its PDF', () => {
  it.each([
    ['en' as const, 'PDF being prepared…'],
    ['vn' as const, 'Đang chuẩn bị bản PDF…'],
  ])('shows it done, says the PDF is being prepared and offers no download yet (%s)', async (lang, says) => {
    fakeApi({ 'GET /api/auth/current_user': () => ({ user: adminUser }), 'GET /api/company/approval/cert-1': () => ({ approval: approval('pending') }) });
    renderApp('/views/approval/detail?id=cert-1', { lang });
    expect((await screen.findByTestId('pdf-pending')).textContent).toBe(says);
    expect(screen.getByTestId('detail-status').textContent).not.toBe('');
    expect(screen.queryByTestId('btn-get-cert')).toBeNull();
    expect(screen.queryByTestId('btn-get-credential')).toBeNull();
  });

  it('offers the downloads once the PDF is made, and says nothing of it being prepared', async () => {
    fakeApi({ 'GET /api/auth/current_user': () => ({ user: adminUser }), 'GET /api/company/approval/cert-1': () => ({ approval: approval('made') }) });
    renderApp('/views/approval/detail?id=cert-1');
    expect(await screen.findByTestId('btn-get-cert')).toBeInTheDocument();
    expect(screen.queryByTestId('pdf-pending')).toBeNull();
  });
});
