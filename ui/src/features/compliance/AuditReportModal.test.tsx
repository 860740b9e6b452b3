import { render, screen, within } from '@testing-library/react';
import { I18nProvider } from '../../i18n/i18n';
import { NotifyProvider } from '../../app/notify';
import { AuditReportModal } from './AuditReportModal';
import type { ComplianceReportRecord } from './api';
import { SummaryView } from './SummaryView';

const wrap = (ui: React.ReactNode, lang: 'en' | 'vn' = 'en') =>
  render(
    <I18nProvider initial={lang}>
      <NotifyProvider>{ui}</NotifyProvider>
    </I18nProvider>,
  );

const report = {
  _id: 'c0ffee00-0000-4000-8000-000000000001',
  json_data: {
    report_id: 'c0ffee00-0000-4000-8000-000000000001',
    report_date: '2026-03-15T00:00:00.000Z',
    inspector: 'Embedded rule-based auditor',
    totals: { total: 2, compliant: 1, non_compliant: 1 },
    compliance_audit: [
      {
        compliance_check_item: 'haccp_seven_principles',
        result: 'Non-Compliant',
        requirement: 'Codex CXC 1-1969',
        evidence: '3 of 7 principles documented',
        recommendations: '',
      },
      {
        compliance_check_item: 'establishment_registration_details',
        result: 'Compliant',
        requirement: 'Export Control (Plants and Plant Products) Rules 2021',
        evidence: 'Name: "Dry Creek Farm"',
        recommendations: 'Keep current',
      },
    ],
  },
} satisfies ComplianceReportRecord;
const establishment = {
  establishment_registration_document: { name_of_establishment: 'Dry Creek Farm', address: 'Lot 7 Dry Creek Road', telephone: '', email: '', website: '' },
};

describe('Compliance Audit Report modal', () => {
  it('shows the in-progress text until a report exists', () => {
    wrap(<AuditReportModal open onClose={() => undefined} report={null} establishmentSummary={undefined} />);
    expect(screen.getByTestId('auditing')).toHaveTextContent(/^Auditing in progress\.{0,7}$/);
  });

  it('shows farmer info from the establishment document, totals, numbered cards with Non-Compliant in red', () => {
    wrap(<AuditReportModal open onClose={() => undefined} report={report} establishmentSummary={establishment} />);
    const farmer = screen.getByTestId('farmer-info');
    expect(farmer).toHaveTextContent('Name: Dry Creek Farm');
    expect(farmer).toHaveTextContent('Contact: Not stated in the document');
    expect(screen.getByTestId('totals')).toHaveTextContent('Total Checks: 2Compliant: 1Non-Compliant: 1');
    const cards = screen.getAllByTestId('audit-item');
    expect(cards[0]).toHaveTextContent('1. HACCP: the seven principles');
    expect(cards[0]).toHaveTextContent('Recommendations: No recommendations provided.');
    expect(getComputedStyle(within(cards[0]).getByText('Non-Compliant')).color).toBe('rgb(211, 47, 47)');
    // A report stored before the auditor was recorded still says plainly that no AI was involved.
    expect(screen.getByTestId('inspector')).toHaveTextContent('Inspector: Rule-based checks (no AI)');
    expect(screen.getByTestId('corrections')).toHaveTextContent('The audit read the fields as extracted; none were corrected.');
    expect(screen.getByRole('button', { name: 'Download Report' })).toBeInTheDocument();
  });

  it('speaks Vietnamese too', () => {
    wrap(<AuditReportModal open onClose={() => undefined} report={report} establishmentSummary={establishment} />, 'vn');
    expect(screen.getByText('Báo cáo kiểm tra tuân thủ')).toBeInTheDocument();
    const cards = screen.getAllByTestId('audit-item');
    expect(within(cards[0]).getByText('Không tuân thủ')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Tuân thủ')).toBeInTheDocument();
  });
});

const aiReport = {
  _id: report._id,
  json_data: {
    ...report.json_data,
    inspector: 'AI (gpt-4o-mini)',
    auditor: { kind: 'ai' as const, model: 'gpt-4o-mini' },
    corrected_fields: [
      { document_type: 'establishment_update' as const, fields: ['registration_number'] },
      { document_type: 'pest_control_update' as const, fields: ['entries.2.bait_chemical_used', 'entries'] },
    ],
    compliance_audit: [
      {
        ...report.json_data.compliance_audit[1],
        evidence: 'The registration gives the name "Dry Creek Farm".',
        vn: { requirement: 'Yêu cầu đăng ký', evidence: 'Giấy đăng ký ghi tên "Dry Creek Farm".', recommendations: 'Giữ thông tin cập nhật.' },
      },
    ],
  },
} satisfies ComplianceReportRecord;

describe('who audited and what the user corrected', () => {
  it('names the AI model and lists the corrected fields by document', () => {
    wrap(<AuditReportModal open onClose={() => undefined} report={aiReport} establishmentSummary={establishment} />);
    expect(screen.getByTestId('auditor')).toHaveTextContent('Audited by: AI (gpt-4o-mini)');
    expect(screen.getByTestId('corrections')).toHaveTextContent(
      'Fields you corrected before the auditEstablishment registration: Registration numberPest control plan: Log entry 2: Baits / chemicals used, Log entries added or removed',
    );
    expect(screen.getByTestId('audit-item')).toHaveTextContent('Evidence: The registration gives the name "Dry Creek Farm".');
  });

  it('in Vietnamese: the auditor, the corrected fields and the check texts', () => {
    wrap(<AuditReportModal open onClose={() => undefined} report={aiReport} establishmentSummary={establishment} />, 'vn');
    expect(screen.getByTestId('auditor')).toHaveTextContent('Kiểm tra bởi: AI (mô hình gpt-4o-mini)');
    expect(screen.getByTestId('corrections')).toHaveTextContent('Đăng ký cơ sở: Số đăng ký');
    const card = screen.getByTestId('audit-item');
    expect(card).toHaveTextContent('1. Thông tin đăng ký cơ sở');
    expect(card).toHaveTextContent('Bằng chứng: Giấy đăng ký ghi tên "Dry Creek Farm".');
    expect(card).toHaveTextContent('Khuyến nghị: Giữ thông tin cập nhật.');
  });
});

describe('summary rendering', () => {
  it('lists fields in the order of the document form, whatever order the stored JSON has', () => {
    // jsonb hands keys back shortest first; a management plan also shares review_date with the HACCP plan.
    wrap(<SummaryView summary={{ management_plan: { crops: 'Wheat', farm_name: 'Dry Creek', review_date: '2026-01-01', traceability: 'Lots' } }} />);
    expect(screen.getByTestId('summary').textContent).toBe('MANAGEMENT PLAN: FARM NAME: Dry CreekCROPS: WheatTRACEABILITY: LotsREVIEW DATE: 01/01/2026');
  });

  it('upper-cases keys, shows N/A for empty values and the pest entries as a table', () => {
    wrap(
      <SummaryView
        pest
        summary={JSON.stringify({
          pest_control_operator: '',
          entries: [
            { date: '2026-03-03', pests_treating_for: ['Rats'], activity_level: { Rats: 'Low' }, bait_chemical_used: ['Brodifacoum'], area_shed_treated: [] },
          ],
        })}
      />,
    );
    expect(screen.getByTestId('summary')).toHaveTextContent('PEST CONTROL OPERATOR: Not stated in the document');
    const table = screen.getByTestId('pest-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Pests Treating For', 'Activity Level', 'Bait/Chemicals Used', 'Areas/Sheds Treated']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('03/03/2026RatsRats: LowBrodifacoumNot stated in the document');
  });
});
