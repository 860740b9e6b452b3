import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { adminUser, fakeApi } from '../../test/fake-api';

const doc = (n: number, name: string) => ({
  _id: `d-${n}`,
  docId: `d-${n}`,
  docName: name,
  docType: 'invoice',
  description: null,
  uploadUser: 'u-admin',
  uploadUserName: 'Ann Admin',
  uploadDate: '2026-11-01T00:00:00Z',
  lastModified: '2026-11-01T00:00:00Z',
  uploadUrl: `company/document/d-${n}`,
});

describe('the document list', () => {
  it.each([
    ['en', 'Documents management', 'Creator', 'No documents yet.'],
    ['vn', 'Quản lý tài liệu', 'Người tạo', 'Chưa có tài liệu.'],
  ] as const)('lists the documents, searches by what is typed and says when none match (%s)', async (lang, title, creator, empty) => {
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/documentes': ({ query }) => ({
        documents: [doc(1, 'Invoice May'), doc(2, 'Contract')].filter((d) => !query.get('q') || d.docName.includes(query.get('q')!)),
      }),
    });
    renderApp('/views/document/list', { lang });
    expect(await screen.findByText(title)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('doc-row')).toHaveLength(2));
    expect(screen.getByText(creator)).toBeInTheDocument();
    expect(within(screen.getAllByTestId('doc-row')[0]).getByText('Ann Admin')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('doc-search'), 'Contract');
    await waitFor(() => expect(screen.getAllByTestId('doc-row')).toHaveLength(1));
    expect(screen.getByText('Contract')).toBeInTheDocument();
    expect(api.find('GET', '/api/company/documentes').some((c) => c.query.get('q') === 'Contract')).toBe(true);
    await userEvent.type(screen.getByTestId('doc-search'), 'zzz');
    expect(await screen.findByText(empty, { exact: false })).toBeInTheDocument();
  });
});
