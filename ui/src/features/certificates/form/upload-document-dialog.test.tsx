import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '../../../i18n/i18n';
import { UploadDocumentDialog } from './UploadDocumentDialog';

describe('the upload document dialog', () => {
  it.each([
    ['en', 'Upload Document', 'Click here or drop a file to upload!'],
    ['vn', 'Tải tài liệu lên', 'Nhấn vào đây hoặc thả tệp để tải lên!'],
  ] as const)('asks for a PDF, refuses another file and takes the PDF with its name (%s)', async (lang, title, dropHere) => {
    render(
      <I18nProvider initial={lang}>
        <UploadDocumentDialog open onClose={() => undefined} onUploaded={() => undefined} />
      </I18nProvider>,
    );
    expect(screen.getByText(title)).toBeInTheDocument();
    expect(screen.getByText(dropHere)).toBeInTheDocument();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByTestId('upload-file'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByTestId('upload-error')).not.toBeEmptyDOMElement();
    await user.upload(screen.getByTestId('upload-file'), new File(['%PDF'], 'Lab report.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getByText('Lab report.pdf')).toBeInTheDocument());
    expect(screen.queryByTestId('upload-error')).toBeNull();
    expect(screen.getByTestId('upload-name')).toHaveValue('Lab report');
  });
});
