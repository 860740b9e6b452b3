import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEGACY_DEFAULT_SUMMARY } from '@grain/domain';
import { renderApp } from '../test/render';
import { adminUser, fakeApi } from '../test/fake-api';
import { storedText, storedWord } from './stored-text';
import { translate } from '../i18n/i18n';
import { formFromApproval } from '../features/certificates/form/form-model';
import { DocumentTables } from '../features/certificates/detail/DocumentTables';
import { I18nProvider } from '../i18n/i18n';

const doc = {
  _id: 'd-1',
  docId: 'd-1',
  docName: 'Lab report',
  docType: 'certificate',
  description: LEGACY_DEFAULT_SUMMARY,
  uploadUser: 'u-admin',
  uploadUserName: 'Ada Admin',
  uploadDate: '2025-11-01T00:00:00.000Z',
  lastModified: '2025-11-02T00:00:00.000Z',
  uploadUrl: 'company/document/d-1',
  file: { name: 'lab.pdf', ext: 'pdf', mime: 'application/pdf', size: 2048 },
  company: 'c-1',
  version: 3,
};

describe('the old "default summary" placeholder', () => {
  it('reads as empty; other texts pass through', () => {
    expect(storedText(LEGACY_DEFAULT_SUMMARY)).toBe('');
    expect(storedText('Protein 12.5 %')).toBe('Protein 12.5 %');
    expect(storedText(null)).toBe('');
  });

  it('document detail says there is no description, in Vietnamese', async () => {
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/document/d-1/detail': () => ({ document: doc }),
      'GET /api/company/document/d-1': () => ({ status: 404, body: { code: 'NOT_FOUND', invalidMsg: 'x' } }),
    });
    renderApp('/views/document/detail?id=d-1', { lang: 'vn' });
    expect(await screen.findByText('Không có mô tả')).toBeInTheDocument();
    expect(screen.queryByText(LEGACY_DEFAULT_SUMMARY)).not.toBeInTheDocument();
  });

  it('the document update form starts empty and, untouched, saves an empty description, never the placeholder', async () => {
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/document/create': () => ({ documentTypes: [{ value: 'certificate', label: 'Certificate' }] }),
      'GET /api/company/document/d-1/detail': () => ({ document: doc }),
      'POST /api/company/document/d-1/update': () => ({ document: doc }),
    });
    renderApp('/views/document/update?id=d-1', { lang: 'vn' });
    await waitFor(() => expect(screen.getByTestId('doc-name')).toHaveValue('Lab report'));
    expect(screen.getByTestId('doc-description')).toHaveValue('');
    await userEvent.setup().click(screen.getByTestId('doc-submit'));
    await waitFor(() => expect(api.find('POST', '/api/company/document/d-1/update')).toHaveLength(1));
    const [, init] = api.fetchMock.mock.calls.find(([u]) => String(u).includes('/d-1/update'))!;
    expect((init!.body as FormData).get('description')).toBe('');
  });

  it('the certificate update form starts empty instead of with the placeholder', () => {
    const base = { approvalNumber: 'A-1', approvalName: 'Wheat', priority: 'normal', approvalDoc: null, supportDocs: [], approvalLevels: [] };
    expect(formFromApproval({ ...base, summary: LEGACY_DEFAULT_SUMMARY } as never).summary).toBe('');
    expect(formFromApproval({ ...base, summary: 'Kept' } as never).summary).toBe('Kept');
  });

  it("a certificate's related documents say there is no description", () => {
    const approval = {
      approvalDoc: null,
      supportDocs: [{ _id: 'd-1', docName: 'Lab report', description: LEGACY_DEFAULT_SUMMARY, uploadUser: 'Ada', uploadDate: '2025-11-01' }],
    };
    render(
      <I18nProvider initial="vn">
        <DocumentTables approval={approval as never} />
      </I18nProvider>,
    );
    expect(within(screen.getByTestId('related-doc-table')).getByText('Không có mô tả')).toBeInTheDocument();
  });
});

describe('words the system stored in English', () => {
  it('shows default level names and grain types in the reader language, and typed names as typed', () => {
    const vn = (k: string) => translate('vn', k);
    expect(storedWord('Farm Data Signing', vn)).toBe('Ký dữ liệu nông trại');
    expect(storedWord('Inspection Signing', vn)).toBe('Ký kiểm định');
    expect(storedWord('Wheat', vn)).toBe('Lúa mì');
    expect(storedWord('Export inspection', vn)).toBe('Export inspection');
    expect(storedWord('Barley', (k) => translate('en', k))).toBe('Barley');
  });

  it("names a certificate's primary document, made from a farm record, in the reader's language", () => {
    const approval = {
      approvalDoc: {
        _id: 'f-1',
        docName: 'Farm data 1001',
        docType: 'farmData',
        description: 'Wheat APW1 · Silo 4',
        uploadUser: 'Ada',
        uploadDate: '2025-11-01',
      },
      supportDocs: [],
    };
    render(
      <I18nProvider initial="vn">
        <DocumentTables approval={approval as never} />
      </I18nProvider>,
    );
    expect(screen.getAllByText('Dữ liệu nông trại 1001').length).toBeGreaterThan(0);
    expect(screen.queryByText('Farm data 1001')).not.toBeInTheDocument();
    expect(storedWord('Farm data 1001', (k) => translate('en', k))).toBe('Farm data 1001');
  });
});
