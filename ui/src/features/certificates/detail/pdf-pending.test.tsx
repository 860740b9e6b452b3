import { screen } from '@testing-library/react';
import { renderApp } from '../../../test/render';
import { adminUser, fakeApi } from '../../../test/fake-api';

/** A certificate whose last signature was just recorded: done, its PDF not made yet (or made). */
const approval = (pdf: 'pending' | 'made') => ({
  _id: 'cert-1',
  approvalNumber: 'N-1',
  approvalName: 'Wheat lot 7',
  status: 'done',
  displayStatus: 'done',
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
      status: 'done',
      comments: [],
      overdue: false,
      signers: [{ _id: adminUser.id, fullName: 'Ada Admin', email: adminUser.email, role: 'admin' }],
      signed: [adminUser.id],
      signedEntries: [{ userId: adminUser.id, name: 'Ada Admin', at: '2026-11-21T00:00:00Z' }],
      voided: [],
    },
  ],
  can: {
    edit: false,
    sign: false,
    reject: false,
    delegate: false,
    delete: false,
    getCert: pdf === 'made',
    pdfPending: pdf === 'pending',
    signaturePassword: false,
  },
});

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
