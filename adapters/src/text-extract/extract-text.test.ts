import { ChromiumPdfRenderer } from '../pdf/pdf-renderer';
import { buildDocx, extractText, readZipEntry, TextExtractError } from '.';

describe('text extraction (real Chromium-made PDF, DOCX built here)', () => {
  const pdf = new ChromiumPdfRenderer();
  afterAll(() => pdf.close());

  it('reads the text of a PDF rendered by Chromium, keeping lines and table rows', async () => {
    const file = await pdf.render(`<h1>Establishment Registration</h1>
      <p>Name of Establishment: Green Valley Grains Pty Ltd</p><p>Telephone: +61 3 9000 1234</p>
      <table><tr><td>Date</td><td>Pests</td></tr><tr><td>2025-01-02</td><td>Rats, Mice</td></tr></table>`);
    const { text, kind } = await extractText(file, 'upload.pdf');
    expect(kind).toBe('pdf');
    expect(text).toContain('Establishment Registration');
    expect(text).toMatch(/Name of Establishment: Green Valley Grains Pty Ltd/);
    expect(text).toMatch(/Telephone: \+61 3 9000 1234/);
    expect(text).toMatch(/2025-01-02 ?Rats, Mice/);
  });

  it('reads the paragraphs of a DOCX, entities decoded, and table cells as one line', async () => {
    const file = buildDocx(['Name of Establishment: Smith & Sons', 'Address: 1 Farm Rd, Horsham VIC 3400']);
    expect(readZipEntry(file, 'word/document.xml')!.toString()).toContain('Smith &amp; Sons');
    const { text, kind } = await extractText(file, 'plan.docx');
    expect(kind).toBe('docx');
    expect(text.split('\n')).toEqual(['Name of Establishment: Smith & Sons', 'Address: 1 Farm Rd, Horsham VIC 3400']);
  });

  it('refuses other file types, broken files and files without text, each with its own code', async () => {
    await expect(extractText(Buffer.from('GIF89a....'), 'x.gif')).rejects.toMatchObject({ code: 'COMPLIANCE_FILE_TYPE' });
    await expect(extractText(Buffer.from('%PDF-1.7 garbage'), 'x.pdf')).rejects.toBeInstanceOf(TextExtractError);
    await expect(extractText(buildDocx(['', ' ']), 'empty.docx')).rejects.toMatchObject({ code: 'COMPLIANCE_NO_TEXT' });
  });
});
