import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nProvider } from '../../i18n/i18n';
import { DropZone } from './DropZone';
import { countPdfPages } from './DocumentViewer';

function Harness({ onFile }: { onFile(f: File | null): void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <DropZone
      file={file}
      onFile={(f) => {
        setFile(f);
        onFile(f);
      }}
    />
  );
}
const drag = (files: File[]) => ({ dataTransfer: { files, items: files.map(() => ({ kind: 'file' })) } });

describe('document drop zone', () => {
  it('shows the three drag messages of the spec and takes only accepted files', () => {
    const got: Array<File | null> = [];
    render(
      <I18nProvider initial="en">
        <Harness onFile={(f) => got.push(f)} />
      </I18nProvider>,
    );
    const zone = screen.getByTestId('drop-zone');
    expect(zone).toHaveTextContent('Click here or drop a file to upload!');
    fireEvent.dragOver(zone, drag([new File(['x'], 'a.pdf')]));
    expect(zone).toHaveTextContent("Drop it like it's hot!");
    fireEvent.drop(zone, drag([new File(['MZ'], 'setup.exe')]));
    expect(zone).toHaveTextContent('File type not accepted, sorry!');
    expect(got).toEqual([null]);
    const pdf = new File(['%PDF-1.4'], 'Report 2025.pdf');
    fireEvent.drop(zone, drag([pdf]));
    expect(zone).toHaveTextContent('Click here or drop a file to upload!');
    expect(zone).toHaveTextContent('Report 2025.pdf');
    expect(got[1]).toBe(pdf);
  });

  it('speaks Vietnamese', () => {
    render(
      <I18nProvider initial="vn">
        <Harness onFile={() => undefined} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('drop-zone')).toHaveTextContent('Nhấn vào đây hoặc thả tệp để tải lên!');
  });
});

describe('PDF page count', () => {
  it('counts page objects, not the page tree', async () => {
    const pdf = '%PDF-1.4\n1 0 obj<</Type /Pages /Kids[2 0 R 3 0 R]/Count 2>>endobj\n2 0 obj<</Type /Page>>endobj\n3 0 obj<</Type/Page/Parent 1 0 R>>endobj\n';
    const blob = new Blob([pdf]);
    if (!blob.arrayBuffer)
      Object.assign(blob, {
        arrayBuffer: () =>
          new Promise((r) => {
            const fr = new FileReader();
            fr.onload = () => r(fr.result);
            fr.readAsArrayBuffer(blob);
          }),
      });
    expect(await countPdfPages(blob)).toBe(2);
  });
});
