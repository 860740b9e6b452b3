import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { CertificateView, RejectionNotice } from '@grain/domain';
import { I18nProvider } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/fake-api';
import { RejectDialog } from './RejectDialog';
import { RejectionBanner } from './RejectionBanner';

const approval = {
  _id: 'cert-1',
  stageLevel: 2,
  approvalLevels: [
    { _id: 'cert-1-L1', level: 1, group: 'Farm Data Signing' },
    { _id: 'cert-1-L2', level: 2, group: 'Inspection Signing' },
  ],
  can: {},
} as unknown as CertificateView;

describe('sending a certificate back', () => {
  it('the reject dialog sends it to the level before the current one unless told otherwise', async () => {
    const api = fakeApi({ 'POST /api/company/approval/cert-1/reject': () => ({ approval }) });
    const onDone = jest.fn();
    render(
      <I18nProvider initial="en">
        <RejectDialog open approval={approval} onClose={() => undefined} onDone={onDone} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('reject-target')).toHaveValue('1');
    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: 'Photo missing' } });
    fireEvent.click(screen.getByTestId('reject-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.find('POST', '/api/company/approval/cert-1/reject')[0].body).toEqual({ toLevel: 1, reason: 'Photo missing' });
  });

  const notice: RejectionNotice = {
    by: 'Mia Tran',
    at: '2026-11-20T09:30:00Z',
    fromLevel: 2,
    toLevel: 1,
    reason: 'Moisture reading does not match the photo',
    changedSince: ['farmRecord', 'documents'],
    resubmitted: true,
  };
  it.each([
    [
      'en' as const,
      /Mia Tran sent this certificate back from level 2 to level 1 on 20\/11\/2026/,
      'Reason: Moisture',
      'Changed since: farm record, supporting documents',
    ],
    [
      'vn' as const,
      /Mia Tran đã trả chứng nhận này từ cấp 2 về cấp 1 lúc 20\/11\/2026/,
      'Lý do: Moisture',
      'Đã thay đổi từ đó: hồ sơ nông trại, tài liệu kèm theo',
    ],
  ])('the banner says who, when, why and what changed since (%s)', (lang, title, reason, changed) => {
    render(
      <I18nProvider initial={lang}>
        <RejectionBanner notice={notice} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('rejection-banner')).toHaveTextContent(title);
    expect(screen.getByTestId('rejection-reason')).toHaveTextContent(reason);
    expect(screen.getByTestId('rejection-changed')).toHaveTextContent(changed);
  });
});
