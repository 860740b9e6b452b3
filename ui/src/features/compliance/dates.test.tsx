/**
 * The compliance screens write days in the app's one format (day/month/year, i18n/dates.ts), like every
 * other screen: the list's date of issue, a document's upload time in the pick list, the report's date,
 * the extracted review dates and pest log dates (shown and corrected), in en and vn.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComplianceDocumentType } from '@grain/domain';
import { I18nProvider } from '../../i18n/i18n';
import { NotifyProvider } from '../../app/notify';
import { renderApp } from '../../test/render';
import { adminUser, fakeApi } from '../../test/fake-api';
import type { ComplianceDocument, ComplianceReportRecord } from './api';
import { SummaryEditor } from './SummaryEditor';
import { SummaryView } from './SummaryView';
import { AuditReportModal } from './AuditReportModal';
import { DocumentSection } from './DocumentSection';

const wrap = (ui: React.ReactNode, lang: 'en' | 'vn' = 'en') =>
  render(
    <I18nProvider initial={lang}>
      <NotifyProvider>{ui}</NotifyProvider>
    </I18nProvider>,
  );
const docOf = (type: ComplianceDocumentType, summary: unknown): ComplianceDocument => ({
  _id: 'd0c00000-0000-4000-8000-000000000001',
  document_type: type,
  created_at: '2026-03-01T09:05:00.000Z',
  document_summary: summary,
  extracted_summary: summary,
  corrected_fields: [],
  file_name: 'plan.pdf',
  status: 'processed',
  error: null,
});
const haccp = {
  haccp_plan: {
    business_name: 'Wimmera Grain Storage Pty Ltd',
    scope: '',
    hazard_analysis: '',
    critical_control_points: '',
    critical_limits: '',
    monitoring_procedures: '',
    corrective_actions: '',
    verification_procedures: '',
    record_keeping: '',
    review_date: '2026-02-02',
  },
};
const pest = {
  pest_control_operator: 'Western Districts Pest Services',
  entries: [{ date: '2026-08-12', pests_treating_for: ['Rodents'], activity_level: 'Low', bait_chemical_used: [], area_shed_treated: ['Silo 4'] }],
};
const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('compliance dates, day/month/year', () => {
  it.each(['en', 'vn'] as const)('the review shows extracted dates as day/month/year and saves a corrected one as a day (%s)', async (lang) => {
    const saved: unknown[] = [];
    const onSave = jest.fn(async (summary: unknown) => {
      saved.push(summary);
      return docOf('haccp_plan_update', summary);
    });
    wrap(<SummaryEditor type="haccp_plan_update" doc={docOf('haccp_plan_update', haccp)} onSave={onSave} testId="review" />, lang);
    expect(input('field-review_date').value).toBe('02/02/2026');
    const user = userEvent.setup();
    await user.clear(input('field-review_date'));
    await user.type(input('field-review_date'), '15/3/2027');
    fireEvent.click(screen.getByTestId('review-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0] as typeof haccp).haccp_plan.review_date).toBe('2027-03-15');
  });

  it("the pest log's entry dates, in the review and in the read-only summary", () => {
    const review = wrap(<SummaryEditor type="pest_control_update" doc={docOf('pest_control_update', pest)} onSave={jest.fn()} testId="review" />);
    expect(input('entry-1-date').value).toBe('12/08/2026');
    review.unmount();
    wrap(<SummaryView summary={pest} pest />, 'vn');
    expect(screen.getByText('12/08/2026')).toBeInTheDocument();
    expect(screen.queryByText('2026-08-12')).not.toBeInTheDocument();
  });

  it("the report's date", () => {
    const report = {
      _id: 'c0ffee00-0000-4000-8000-000000000001',
      json_data: {
        report_id: 'r-1',
        report_date: '2026-03-15T00:00:00.000Z',
        inspector: 'Embedded rule-based auditor',
        totals: { total: 0, compliant: 0, non_compliant: 0 },
        compliance_audit: [],
      },
    } satisfies ComplianceReportRecord;
    wrap(<AuditReportModal open onClose={() => undefined} report={report} establishmentSummary={undefined} />, 'vn');
    expect(screen.getByTestId('audit-report')).toHaveTextContent('15/03/2026');
    expect(screen.getByTestId('audit-report')).not.toHaveTextContent('2026-03-15');
  });

  it('a processed document in the pick list, named by its file and when it was uploaded', async () => {
    wrap(
      <DocumentSection
        sectionKey="haccp"
        title="HACCP Plan"
        existing={[docOf('haccp_plan_update', haccp)]}
        state={{ data: null, phase: 'idle' }}
        onSelect={() => undefined}
        onUpload={() => undefined}
        onSaveSummary={jest.fn()}
        onDirty={() => undefined}
        processingText=""
      />,
    );
    await userEvent.setup().click(within(screen.getByTestId('section-haccp')).getByRole('combobox'));
    const at = new Date('2026-03-01T09:05:00.000Z');
    const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
    expect((await screen.findByTestId('option-haccp')).textContent).toBe(`plan.pdf — HACCP Plan, 01/03/2026 ${time}`);
  });

  it('the list of submissions', async () => {
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /openai/compliance/list': () => [
        {
          _id: 'c-1',
          docName: 'Wimmera Grain',
          user_id: 'u-admin',
          creator_name: 'Ada Admin',
          date_of_issue: '2026-11-26',
          status: 'audited',
          totals: { total: 2, compliant: 2, non_compliant: 0 },
        },
      ],
    });
    renderApp('/views/compliance/list', { lang: 'vn' });
    const row = await screen.findByTestId('compliance-row');
    expect(row).toHaveTextContent('26/11/2026');
    expect(row).not.toHaveTextContent('2026-11-26');
  });
});
