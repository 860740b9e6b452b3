import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ChromiumPdfRenderer } from '../pdf/pdf-renderer';
import { extractText, readZipEntry, TextExtractError } from '.';
import { buildDocx } from './zip-writer';

describe('text extraction (real Chromium-made PDFs, DOCX built here)', () => {
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

  it('reads every page of a multi-page PDF in order, with Vietnamese diacritics intact', async () => {
    const pages = ['Pest Control Log', 'Chemical Usage Record', 'Nhật ký vệ sinh kho – Đồng Tháp'];
    const html = pages.map((p, i) => `<h2>${p}</h2><p>Page marker ${i + 1}</p>`).join('<div style="page-break-after:always"></div>');
    const { text } = await extractText(await pdf.render(html), 'three-pages.pdf');
    const at = pages.map((p) => text.indexOf(p));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).toMatch(/Page marker 1[\s\S]*Page marker 2[\s\S]*Page marker 3/);
  });

  it('opens the blank page Chromium makes (the old pdf.js failed with "bad XRef entry") and says it has no text', async () => {
    const blank = await pdf.render('<html><body></body></html>');
    expect(blank.subarray(0, 5).toString()).toBe('%PDF-');
    const err = await extractText(blank, 'blank.pdf').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TextExtractError);
    expect(err).toMatchObject({ code: 'COMPLIANCE_NO_TEXT', message: 'pdf: no text found' });
  });

  it('calls a PDF that is corrupt or cut short unreadable', async () => {
    await expect(extractText(Buffer.from('%PDF-1.7 garbage'), 'x.pdf')).rejects.toMatchObject({ code: 'COMPLIANCE_FILE_UNREADABLE' });
    const good = await pdf.render('<p>Cut in half on the way here</p>');
    const truncated = good.subarray(0, Math.floor(good.length / 3));
    await expect(extractText(truncated, 'cut.pdf')).rejects.toMatchObject({ code: 'COMPLIANCE_FILE_UNREADABLE' });
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
    await expect(extractText(buildDocx(['', ' ']), 'empty.docx')).rejects.toMatchObject({ code: 'COMPLIANCE_NO_TEXT' });
    const notZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('word/document.xml but no archive')]);
    await expect(extractText(notZip, 'broken.docx')).rejects.toMatchObject({ code: 'COMPLIANCE_FILE_UNREADABLE' });
  });

  it('works from the compiled package in plain Node (the dynamic import survives the CommonJS build)', async () => {
    const file = await pdf.render('<p>Compiled build reads this line</p>');
    const dist = path.resolve(__dirname, '../../dist/text-extract/extract-text.js');
    const script = `require(${JSON.stringify(dist)}).extractText(Buffer.from(process.argv[1], 'base64'), 'a.pdf')
      .then((r) => process.stdout.write(r.text), (e) => { console.error(e); process.exit(1); })`;
    const out = execFileSync(process.execPath, ['-e', script, file.toString('base64')], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    expect(out).toBe('Compiled build reads this line');
  });
});
