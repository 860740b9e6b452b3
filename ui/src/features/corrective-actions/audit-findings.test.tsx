import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComplianceDetailView } from '@grain/domain';
import { renderApp } from '../../test/render';
import { adminUser, fakeApi } from '../../test/fake-api';

const submission: ComplianceDetailView = {
  _id: 'k-1',
  user_id: 'u-admin',
  status: 'audited',
  created_at: '2026-11-27T00:00:00Z',
  date_of_issue: null,
  report_error: null,
  establishmentData: null,
  haccpPlanData: null,
  managementPlanData: null,
  pestControlData: null,
  uploads: [],
  report: null,
};

describe("an audited submission's findings", () => {
  it.each([
    ['en', 'Findings and corrective actions', 'Establishment registration number', 'Non-compliant', 'No action'],
    ['vn', 'Phát hiện và hành động khắc phục', 'Số đăng ký cơ sở', 'Không tuân thủ', 'Chưa có hành động'],
  ] as const)('shows each check with its result, and makes actions for the picked ones (%s)', async (lang, title, check, nonCompliant, noAction) => {
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/compliance/k-1': () => ({ compliance: submission }),
      'GET /api/corrective-actions/audit/k-1': () => ({
        farm: null,
        checks: [
          { index: 0, check: 'establishment_registration_number', result: 'Non-Compliant', action: null, earlier: [] },
          { index: 1, check: 'haccp_seven_principles', result: 'Compliant', action: null, earlier: [] },
        ],
      }),
      'GET /api/corrective-actions/owners': () => ({ owners: [{ id: 'u-9', name: 'Olga Owner' }] }),
      'POST /api/corrective-actions': () => ({ status: 201, body: { created: [{ id: 'a-1' }] } }),
    });
    renderApp('/views/compliance/detail?id=k-1', { lang });
    const findings = await screen.findByTestId('ca-findings');
    expect(within(findings).getByText(title)).toBeInTheDocument();
    const first = within(findings).getByTestId('ca-finding-0');
    expect(first).toHaveTextContent(check);
    expect(first).toHaveTextContent(nonCompliant);
    expect(first).toHaveTextContent(noAction);
    await waitFor(() => expect(within(findings).getByRole('option', { name: 'Olga Owner' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByTestId('ca-owner-select'), 'u-9');
    await userEvent.click(within(screen.getByTestId('ca-pick-0')).getByRole('checkbox'));
    await userEvent.click(screen.getByTestId('ca-create-selected'));
    await waitFor(() => expect(api.find('POST', '/api/corrective-actions')).toHaveLength(1));
    expect(api.find('POST', '/api/corrective-actions')[0].body).toEqual({
      complianceId: 'k-1',
      items: [{ checkIndex: 0, severity: 'major', ownerId: 'u-9' }],
    });
  });
});
