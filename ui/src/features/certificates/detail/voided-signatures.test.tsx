import { render, screen, within } from '@testing-library/react';
import type { AuditEntryView, LevelView } from '@grain/domain';
import { I18nProvider } from '../../../i18n/i18n';
import { LevelDetailPanel } from './LevelDetailPanel';
import { AuditTrail } from './AuditTrail';

// A content change while the certificate was sent back voids the signatures made over the old content:
// the level and the audit trail say so, in en and vn, instead of showing them as signed.
const level: LevelView = {
  _id: 'c-L1',
  level: 1,
  group: 'Quality',
  signatures: 1,
  deadline: '2026-12-10T00:00:00Z',
  status: 'signing',
  comments: [],
  overdue: false,
  signers: [{ _id: 'u-2', fullName: 'Mia Tran', email: 'mia@farm.example', role: 'staff' }],
  signed: [],
  signedEntries: [],
  voided: [
    {
      userId: 'u-2',
      name: 'Mia Tran',
      at: '2026-12-01T09:00:00Z',
      contentHash: 'aaaaaaaaaaaa1111',
      voidedAt: '2026-12-02T10:00:00Z',
      voidedFor: 'bbbbbbbbbbbb2222',
    },
  ],
};
const audit: AuditEntryView[] = [
  {
    at: '2026-12-02T10:00:00Z',
    actorId: 'u-2',
    actorName: 'Mia Tran',
    action: 'signatureVoided',
    level: 1,
    detail: 'signed over aaaaaaaaaaaa, content now bbbbbbbbbbbb',
  },
];

describe.each([
  ['en', 'Voided signatures', 'signature voided (content changed)', 'Pending'],
  ['vn', 'Chữ ký đã bị hủy', 'chữ ký bị hủy (nội dung đã thay đổi)', 'Đang chờ'],
] as const)('voided signatures (%s)', (lang, heading, action, pending) => {
  it('lists them on their level, and the signer is pending again', () => {
    render(
      <I18nProvider initial={lang}>
        <LevelDetailPanel level={level} current />
      </I18nProvider>,
    );
    const box = screen.getByTestId('level-voided-1');
    expect(within(box).getByText(heading)).toBeInTheDocument();
    expect(within(box).getByText(/Mia Tran/)).toBeInTheDocument();
    expect(within(box).getByText(/aaaaaaaaaaaa/)).toBeInTheDocument();
    expect(within(screen.getByTestId('signer-row-1-mia@farm.example')).getByText(pending)).toBeInTheDocument();
  });

  it('names them in the audit trail', () => {
    render(
      <I18nProvider initial={lang}>
        <AuditTrail entries={audit} />
      </I18nProvider>,
    );
    expect(screen.getByText(action)).toBeInTheDocument();
  });
});
