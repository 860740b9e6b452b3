import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { reviewedSummarySchemas, type ComplianceDocumentType } from '@grain/domain';
import { I18nProvider } from '../../i18n/i18n';
import { NotifyProvider } from '../../app/notify';
import type { ComplianceDocument } from './api';
import { SummaryEditor } from './SummaryEditor';

const wrap = (ui: React.ReactNode, lang: 'en' | 'vn' = 'en') =>
  render(
    <I18nProvider initial={lang}>
      <NotifyProvider>{ui}</NotifyProvider>
    </I18nProvider>,
  );

const docOf = (type: ComplianceDocumentType, summary: unknown, corrected: string[] = []): ComplianceDocument => ({
  _id: 'd0c00000-0000-4000-8000-000000000001',
  document_type: type,
  created_at: '2026-03-01T00:00:00.000Z',
  document_summary: summary,
  extracted_summary: summary,
  corrected_fields: corrected,
  file_name: 'plan.pdf',
  status: 'processed',
  error: null,
});
const establishment = {
  establishment_registration_document: {
    name_of_establishment: 'Dry Creek Farming Partnership',
    registration_number: '',
    address: 'Lot 7 Dry Creek Road, Nhill VIC 3418',
    telephone: '',
    email: '',
    website: '',
    contact_person: 'Priya Raman',
    operations: '',
  },
};
const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('review of the extracted fields', () => {
  it('shows each field as read, says plainly which were not found, and saves a correction the server schema accepts', async () => {
    const saved: unknown[] = [];
    const onSave = jest.fn(async (summary: unknown) => {
      saved.push(summary);
      return docOf('establishment_update', summary, ['registration_number']);
    });
    wrap(<SummaryEditor type="establishment_update" doc={docOf('establishment_update', establishment)} onSave={onSave} testId="review" />);
    expect(input('field-name_of_establishment').value).toBe('Dry Creek Farming Partnership');
    expect(input('field-registration_number')).toHaveAttribute('data-missing', 'true');
    expect(input('field-name_of_establishment')).toHaveAttribute('data-missing', 'false');
    const review = screen.getByTestId('review');
    expect(within(review).getAllByText('Not found in the document — add it if the document states it')).toHaveLength(5);
    expect(review).not.toHaveTextContent('N/A');
    const save = screen.getByTestId('review-save');
    expect(save).toBeDisabled();

    fireEvent.change(input('field-registration_number'), { target: { value: ' EST-7713 ' } });
    expect(save).toBeEnabled();
    fireEvent.click(save);
    await waitFor(() => expect(screen.getByTestId('review-saved')).toHaveTextContent('Corrections saved; the audit will use them.'));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(reviewedSummarySchemas.establishment_update.parse(saved[0])).toEqual({
      establishment_registration_document: { ...establishment.establishment_registration_document, registration_number: 'EST-7713' },
    });
  });

  it('marks the fields the user corrected, in Vietnamese too', () => {
    wrap(
      <SummaryEditor
        type="establishment_update"
        doc={docOf('establishment_update', establishment, ['name_of_establishment'])}
        onSave={async () => docOf('establishment_update', establishment)}
        testId="review"
      />,
      'vn',
    );
    expect(screen.getByLabelText('Tên cơ sở')).toHaveValue('Dry Creek Farming Partnership');
    expect(screen.getByText('Bạn đã sửa')).toBeInTheDocument();
    expect(screen.getAllByText('Không tìm thấy trong tài liệu — hãy bổ sung nếu tài liệu có ghi')).toHaveLength(5);
    expect(screen.getByText('Số trường đã sửa: 1')).toBeInTheDocument();
  });

  it('edits pest log entries one item a line, adds and removes entries, and saves a valid pest summary', async () => {
    const pest = {
      pest_control_operator: 'Wimmera Pest Services',
      entries: [
        {
          date: '2026-01-07',
          pests_treating_for: ['Rats', 'mice'],
          activity_level: { Rats: 'low', mice: 'medium' },
          bait_chemical_used: [],
          area_shed_treated: ['Shed 1'],
        },
      ],
    };
    const onSave = jest.fn(async (summary: unknown) => docOf('pest_control_update', summary));
    wrap(<SummaryEditor type="pest_control_update" doc={docOf('pest_control_update', pest)} onSave={onSave} testId="review" />);
    expect(input('entry-1-pests').value).toBe('Rats\nmice');
    expect(input('entry-1-activity').value).toBe('Rats: low\nmice: medium');
    expect(input('entry-1-baits')).toHaveAttribute('data-missing', 'true');
    fireEvent.change(input('entry-1-baits'), { target: { value: 'Brodifacoum 0.005% wax blocks\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    fireEvent.change(input('entry-2-date'), { target: { value: '04/02/2026' } });
    fireEvent.change(input('entry-2-pests'), { target: { value: 'Lesser grain borer' } });
    fireEvent.click(screen.getByTestId('review-save'));
    await waitFor(() => expect(screen.getByTestId('review-saved')).toBeInTheDocument());
    const summary = reviewedSummarySchemas.pest_control_update.parse(onSave.mock.calls[0][0]);
    expect(summary.entries).toEqual([
      { ...pest.entries[0], bait_chemical_used: ['Brodifacoum 0.005% wax blocks'] },
      { date: '2026-02-04', pests_treating_for: ['Lesser grain borer'], activity_level: {}, bait_chemical_used: [], area_shed_treated: [] },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove entry 2' }));
    expect(screen.getAllByTestId('entry')).toHaveLength(1);
  });
});
