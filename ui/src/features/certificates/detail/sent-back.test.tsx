import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { CertificateView, RejectionNotice } from '@grain/domain';
import { I18nProvider } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/fake-api';
import { RejectDialog } from './RejectDialog';
import { RejectionBanner } from './RejectionBanner';

const approval = {
  _id: 'cert-1',
  stageLevel: 2,
  submitter: { _id: 'u-olivia', firstname: 'Olivia', lastname: 'Bennett', fullName: 'Olivia Bennett' },
  approvalLevels: [
    { _id: 'cert-1-L1', level: 1, group: 'Farm Data Signing' },
    { _id: 'cert-1-L2', level: 2, group: 'Inspection Signing' },
  ],
  can: {},
} as unknown as CertificateView;

describe('sending a certificate back', () => {
  it('the reject dialog sends it back to the submitter unless told otherwise, and names what each target means', async () => {
    const api = fakeApi({ 'POST /api/company/approval/cert-1/reject': () => ({ approval }) });
    const onDone = jest.fn();
    render(
      <I18nProvider initial="en">
        <RejectDialog open approval={approval} onClose={() => undefined} onDone={onDone} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('reject-target')).toHaveValue('0');
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'Back to the submitter, Olivia Bennett, to update and resubmit',
      'Back to level 1 · Farm Data Signing, after the submitter resubmits',
      'Level 2 · Inspection Signing signs again (its signatures are cleared)',
    ]);
    fireEvent.click(screen.getAllByRole('option')[0]);
    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: 'Photo missing' } });
    fireEvent.click(screen.getByTestId('reject-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.find('POST', '/api/company/approval/cert-1/reject')[0].body).toEqual({ toLevel: 0, reason: 'Photo missing' });
  });

  it.each([
    ['en' as const, 'Liam Walsh sent this certificate back to the submitter from level 1 on 20/11/2026'],
    ['vn' as const, 'Liam Walsh đã trả chứng nhận này về người nộp từ cấp 1 lúc 20/11/2026'],
  ])('a banner of a certificate sent back to the submitter says so (%s)', (lang, title) => {
    render(
      <I18nProvider initial={lang}>
        <RejectionBanner
          notice={{ by: 'Liam Walsh', at: '2026-11-20T09:30:00Z', fromLevel: 1, toLevel: 0, reason: 'Photo', changedSince: [], resubmitted: false }}
        />
      </I18nProvider>,
    );
    expect(screen.getByTestId('rejection-banner')).toHaveTextContent(title);
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
