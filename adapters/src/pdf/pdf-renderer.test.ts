import { ChromiumPdfRenderer } from './pdf-renderer';

describe('ChromiumPdfRenderer (system Chromium)', () => {
  const pdf = new ChromiumPdfRenderer();
  afterAll(() => pdf.close());

  it('renders HTML to a PDF and reuses the warm browser', async () => {
    const a = await pdf.render('<h1>Grain Quality Certificate</h1><p>APH</p>');
    const b = await pdf.render('<h1>Second</h1>');
    for (const doc of [a, b]) {
      expect(doc.subarray(0, 5).toString()).toBe('%PDF-');
      expect(doc.length).toBeGreaterThan(500);
    }
    expect(pdf.info().detail).toMatch(/chromium/);
  });
});
