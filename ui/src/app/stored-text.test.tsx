import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SUMMARY } from '@grain/domain';
import { renderApp } from '../test/render';
import { adminUser, fakeApi } from '../test/fake-api';
import { translate } from '../i18n/i18n';
import { showStored, toStored } from './stored-text';
import { formFromApproval } from '../features/certificates/form/form-model';
import { DocumentTables } from '../features/certificates/detail/DocumentTables';
import { I18nProvider } from '../i18n/i18n';

const vn = (k: string) => translate('vn', k);
const en = (k: string) => translate('en', k);

const doc = {
  _id: 'd-1',
  docId: 'd-1',
  docName: 'Lab report',
  docType: 'certificate',
  description: DEFAULT_SUMMARY,
  uploadUser: 'u-admin',
  uploadUserName: 'Ada Admin',
  uploadDate: '2025-11-01T00:00:00.000Z',
  lastModified: '2025-11-02T00:00:00.000Z',
  uploadUrl: 'company/document/d-1',
  file: { name: 'lab.pdf', ext: 'pdf', mime: 'application/pdf', size: 2048 },
  company: 'c-1',
  version: 3,
};

describe('the stored default summary', () => {
  it('shows in the UI language and turns back into the stored value; other texts pass through', () => {
    expect(showStored(DEFAULT_SUMMARY, vn)).toBe('tóm tắt mặc định');
    expect(showStored(DEFAULT_SUMMARY, en)).toBe('default summary');
    expect(showStored('Protein 12.5 %', vn)).toBe('Protein 12.5 %');
    expect(showStored(null, vn)).toBe('');
    expect(toStored('tóm tắt mặc định', vn)).toBe(DEFAULT_SUMMARY);
    expect(toStored('my own words', vn)).toBe('my own words');
  });

  it('document detail shows it in Vietnamese', async () => {
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/document/d-1/detail': () => ({ document: doc }),
      'GET /api/company/document/d-1': () => ({ status: 404, body: { code: 'NOT_FOUND', invalidMsg: 'x' } }),
    });
    renderApp('/views/document/detail?id=d-1', { lang: 'vn' });
    expect(await screen.findByText('tóm tắt mặc định')).toBeInTheDocument();
    expect(screen.queryByText(DEFAULT_SUMMARY)).not.toBeInTheDocument();
  });

  it('the document update form shows it translated and, untouched, saves the stored default unchanged', async () => {
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/document/create': () => ({ documentTypes: [{ value: 'certificate', label: 'Certificate' }] }),
      'GET /api/company/document/d-1/detail': () => ({ document: doc }),
      'POST /api/company/document/d-1/update': () => ({ document: doc }),
    });
    renderApp('/views/document/update?id=d-1', { lang: 'vn' });
    await waitFor(() => expect(screen.getByTestId('doc-description')).toHaveValue('tóm tắt mặc định'));
    await userEvent.setup().click(screen.getByTestId('doc-submit'));
    await waitFor(() => expect(api.find('POST', '/api/company/document/d-1/update')).toHaveLength(1));
    const [, init] = api.fetchMock.mock.calls.find(([u]) => String(u).includes('/d-1/update'))!;
    expect((init!.body as FormData).get('description')).toBe(DEFAULT_SUMMARY);
  });

  it('the certificate update form starts empty (empty saves as the default again) instead of English text', () => {
    const form = formFromApproval({
      approvalNumber: 'A-1',
      approvalName: 'Wheat',
      priority: 'normal',
      summary: DEFAULT_SUMMARY,
      approvalDoc: null,
      supportDocs: [],
      approvalLevels: [],
    } as never);
    expect(form.summary).toBe('');
    expect(
      formFromApproval({
        approvalNumber: 'A-1',
        approvalName: 'Wheat',
        priority: 'normal',
        summary: 'Kept',
        approvalDoc: null,
        supportDocs: [],
        approvalLevels: [],
      } as never).summary,
    ).toBe('Kept');
  });

  it("a certificate's related documents show it in Vietnamese", () => {
    const approval = {
      approvalDoc: null,
      supportDocs: [{ _id: 'd-1', docName: 'Lab report', description: DEFAULT_SUMMARY, uploadUser: 'Ada', uploadDate: '2025-11-01' }],
    };
    render(
      <I18nProvider initial="vn">
        <DocumentTables approval={approval as never} />
      </I18nProvider>,
    );
    expect(within(screen.getByTestId('related-doc-table')).getByText('tóm tắt mặc định')).toBeInTheDocument();
  });
});
