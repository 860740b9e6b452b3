import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AuditEntryView, CertificateView } from '@grain/domain';
import { I18nProvider } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/fake-api';
import { AuditTrail } from '../detail/AuditTrail';
import { AdjustLevelDialog, type AdjustTarget } from './AdjustLevelDialog';
import { WithdrawDialog } from './WithdrawDialog';

// a due date still ahead whatever day the suite runs (a fixed date here failed CI the day after it)
const ahead = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
const target: AdjustTarget = {
  certificateId: 'cert-1',
  approvalNumber: '202611241',
  levelId: 'cert-1-L1',
  level: 1,
  deadline: `${ahead}T23:59:59.999Z`,
  signers: [{ _id: 'u-liam', fullName: 'Liam Walsh' }],
  submitterId: 'u-jack',
};
const people = [
  { _id: 'u-liam', fullName: 'Liam Walsh', email: 'liam@x.test', role: 'Inspector' },
  { _id: 'u-noah', fullName: 'Noah Kelly', email: 'noah@x.test', role: 'Inspector' },
  { _id: 'u-jack', fullName: 'Jack Murray', email: 'jack@x.test', role: 'Manager' },
];

describe('work in flight in the browser', () => {
  it('reassigns a level: the new signer replaces the old one and only what changed is sent', async () => {
    const api = fakeApi({
      'GET /api/company/approval/create': () => ({ signers: people, approvalNumber: '1' }),
      'POST /api/company/approvallevel/cert-1-L1/update': () => ({ approval: { _id: 'cert-1' } as CertificateView }),
    });
    const onDone = jest.fn();
    render(
      <I18nProvider initial="en">
        <AdjustLevelDialog target={target} onClose={() => undefined} onDone={onDone} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('adjust-due')).toHaveValue(ahead.split('-').reverse().join('/'));
    // nothing changed yet: nothing to save
    expect(screen.getByTestId('adjust-save')).toBeDisabled();
    fireEvent.click(within(screen.getByTestId('adjust-signer-u-liam')).getByTestId('CancelIcon'));
    const search = screen.getByTestId('adjust-search');
    fireEvent.change(search, { target: { value: 'No' } });
    fireEvent.click(await screen.findByText('Noah Kelly (noah@x.test)'));
    // the submitter is never offered
    fireEvent.change(search, { target: { value: 'Jack' } });
    expect(screen.queryByText('Jack Murray (jack@x.test)')).toBeNull();
    fireEvent.click(screen.getByTestId('adjust-save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.find('POST', '/api/company/approvallevel/cert-1-L1/update')[0].body).toEqual({ signers: ['u-noah'] });
  });

  it('reassigning a level whose due date passed offers a new due date, and sends it with the new signer', async () => {
    const api = fakeApi({
      'GET /api/company/approval/create': () => ({ signers: people, approvalNumber: '1' }),
      'POST /api/company/approvallevel/cert-1-L1/update': () => ({ approval: { _id: 'cert-1' } as CertificateView }),
    });
    const onDone = jest.fn();
    const missed = { ...target, deadline: new Date(Date.now() - 3 * 86_400_000).toISOString() };
    render(
      <I18nProvider initial="en">
        <AdjustLevelDialog target={missed} onClose={() => undefined} onDone={onDone} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('adjust-missed')).toHaveTextContent(/This level was due .* A new due date is offered/);
    const d = new Date();
    d.setDate(d.getDate() + 2);
    const offered = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    fireEvent.click(within(screen.getByTestId('adjust-signer-u-liam')).getByTestId('CancelIcon'));
    fireEvent.change(screen.getByTestId('adjust-search'), { target: { value: 'No' } });
    fireEvent.click(await screen.findByText('Noah Kelly (noah@x.test)'));
    fireEvent.click(screen.getByTestId('adjust-save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.find('POST', '/api/company/approvallevel/cert-1-L1/update')[0].body).toEqual({ deadline: offered, signers: ['u-noah'] });
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    const api = fakeApi({
      'GET /api/company/approval/create': () => ({ signers: people, approvalNumber: '1' }),
      'POST /api/company/approvallevel/cert-1-L1/update': () => ({ status: 400, body: { code: 'DATE_IN_PAST', invalidMsg: 'Ngày đã qua' } }),
    });
    render(
      <I18nProvider initial="vn">
        <AdjustLevelDialog target={target} onClose={() => undefined} onDone={() => undefined} />
      </I18nProvider>,
    );
    fireEvent.change(screen.getByTestId('adjust-due'), { target: { value: '01/01/2020' } });
    fireEvent.click(screen.getByTestId('adjust-save'));
    expect(await screen.findByTestId('adjust-error')).toHaveTextContent('Ngày đã qua');
    expect(screen.getByTestId('adjust-due')).toHaveValue('01/01/2020');
    expect(api.find('POST', '/api/company/approvallevel/cert-1-L1/update')[0].body).toEqual({ deadline: '2020-01-01' });
  });

  it('withdraws only with a reason', async () => {
    const onWithdraw = jest.fn(async () => undefined);
    render(
      <I18nProvider initial="en">
        <WithdrawDialog open onClose={() => undefined} onWithdraw={onWithdraw} />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByTestId('withdraw-error')).toHaveTextContent('A reason is required');
    expect(onWithdraw).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('withdraw-reason'), { target: { value: ' Lot sold elsewhere ' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(onWithdraw).toHaveBeenCalledWith('Lot sold elsewhere'));
  });

  it.each([
    [
      'en' as const,
      'due 27/11/2026 → 02/12/2026; added: Noah Kelly; removed: Liam Walsh',
      'escalated to the managers',
      'withdrawn',
      ['signature recorded, tx tx-old-1', 'completion recorded, tx tx-2', 'signed over aaaaaaaaaaaa, content now bbbbbbbbbbbb'],
    ],
    [
      'vn' as const,
      'hạn 27/11/2026 → 02/12/2026; thêm: Noah Kelly; bỏ: Liam Walsh',
      'báo cáo lên quản lý',
      'đã rút lại',
      ['đã ghi chữ ký, giao dịch tx-old-1', 'đã ghi việc hoàn tất, giao dịch tx-2', 'đã ký trên aaaaaaaaaaaa, nội dung nay là bbbbbbbbbbbb'],
    ],
  ])('the audit trail tells each change in the reader language (%s)', (lang, adjusted, escalated, withdrawn, recorded) => {
    const entries: AuditEntryView[] = [
      {
        at: '2026-11-24T01:00:00Z',
        actorId: 'u-jack',
        actorName: 'Jack Murray',
        action: 'adjustLevel',
        level: 1,
        dueBefore: '2026-11-27T23:59:59.999Z',
        dueAfter: '2026-12-02T23:59:59.999Z',
        added: ['Noah Kelly'],
        removed: ['Liam Walsh'],
      },
      { at: '2026-11-24T02:00:00Z', actorId: 'u-jack', actorName: 'Jack Murray', action: 'remind', level: 1, to: 'escalation' },
      { at: '2026-11-24T03:00:00Z', actorId: 'u-jack', actorName: 'Jack Murray', action: 'cancel', level: 1, reason: 'Lot sold' },
      { at: '2026-11-24T04:00:00Z', actorId: 'system', action: 'ledger', level: 1, detail: 'signature tx-old-1' },
      { at: '2026-11-24T04:00:00Z', actorId: 'system', action: 'ledger', detail: 'completion tx-2', event: 'completion', txId: 'tx-2' },
      { at: '2026-11-24T05:00:00Z', actorId: 'u-liam', action: 'signatureVoided', level: 1, detail: 'signed over aaaaaaaaaaaa, content now bbbbbbbbbbbb' },
    ];
    render(
      <I18nProvider initial={lang}>
        <AuditTrail entries={entries} />
      </I18nProvider>,
    );
    const text = screen.getByTestId('audit-trail').textContent ?? '';
    expect(text).toContain(adjusted);
    expect(text).toContain(escalated);
    expect(text).toContain(withdrawn);
    expect(text).toContain('Lot sold');
    for (const r of recorded) expect(text).toContain(r);
  });
});
