import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { adminUser, fakeApi } from '../../test/fake-api';

function start(lang: 'en' | 'vn', info: () => unknown) {
  return fakeApi({
    'GET /api/auth/current_user': () => ({ user: adminUser }),
    'GET /api/compliance/create': info,
  });
}

describe('a new compliance submission', () => {
  it.each([
    ['en', 'Compliance Submission', 'Documents are read and audited by: Rule-based checks (no AI)', 'HACCP Plan', 'Still needed: Establishment, HACCP Plan'],
    [
      'vn',
      'Nộp hồ sơ tuân thủ',
      'Tài liệu được đọc và kiểm tra bởi: Kiểm tra theo quy tắc (không dùng AI)',
      'Kế hoạch HACCP',
      'Còn thiếu: Cơ sở, Kế hoạch HACCP',
    ],
  ] as const)('shows its four documents and who audits them, and says what is still needed on submit (%s)', async (lang, title, auditor, haccp, missing) => {
    start(lang, () => ({ applicant_id: 'k-7', required_documents: [], auditor: { kind: 'rules' } }));
    renderApp('/views/compliance/create', { lang });
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(await screen.findByTestId('auditor-kind')).toHaveTextContent(auditor);
    expect(screen.getAllByText(haccp).length).toBeGreaterThan(0);
    const submit = screen.getByTestId('compliance-submit');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(await screen.findByText(missing, { exact: false })).toBeInTheDocument();
  });

  it('tells a failed load and offers no submit', async () => {
    start('en', () => ({ status: 503, body: { invalidMsg: 'down', code: 'UNAVAILABLE' } }));
    renderApp('/views/compliance/create');
    expect(await screen.findByText('Compliance Submission')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('alert')).toBeInTheDocument());
    expect(screen.getByTestId('compliance-submit')).toBeDisabled();
    expect(screen.queryByTestId('auditor-kind')).toBeNull();
  });
});
