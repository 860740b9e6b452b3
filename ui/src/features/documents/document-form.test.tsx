import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { adminUser, fakeApi } from '../../test/fake-api';

describe('uploading a document', () => {
  it.each([
    ['en', 'Upload Document', 'Document type'],
    ['vn', 'Tải tài liệu lên', 'Loại tài liệu'],
  ] as const)('offers the types, fills name and description from the file and sends the form (%s)', async (lang, title, typeLabel) => {
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/document/create': () => ({ documentTypes: [{ value: 'invoice', label: 'Invoice' }] }),
      'POST /api/company/document/create': () => ({ status: 201, body: { documents: { docId: 'd-9' } } }),
    });
    renderApp('/views/document/create', { lang });
    expect(await screen.findAllByText(title)).not.toHaveLength(0);
    expect(screen.getAllByText(typeLabel).length).toBeGreaterThan(0);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('doc-type'));
    await user.click(await screen.findByRole('option'));
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'May invoice.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getByTestId('doc-name')).toHaveValue('May invoice'));
    expect(screen.getByTestId('doc-description')).toHaveValue('May invoice');
    await user.click(screen.getByTestId('doc-submit'));
    await waitFor(() => expect(api.find('POST', '/api/company/document/create')).toHaveLength(1));
  });
});
