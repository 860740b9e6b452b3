import { ChromiumPdfRenderer } from './pdf-renderer';
import { extractText } from '../text-extract';

describe('ChromiumPdfRenderer (system Chromium)', () => {
  const pdf = new ChromiumPdfRenderer();
  afterAll(() => pdf.close());

  it('renders HTML to a PDF and reuses the warm browser', async () => {
    const a = await pdf.render('<h1>Grain Quality Certificate</h1><p>APH</p>');
    const b = await pdf.render('<h1>Second document for the reuse check</h1>');
    for (const doc of [a, b]) {
      expect(doc.subarray(0, 5).toString()).toBe('%PDF-');
      expect(doc.length).toBeGreaterThan(500);
    }
    expect(pdf.info().detail).toMatch(/chromium/);
    // the reused page shows the new document only
    const second = (await extractText(b, 'b.pdf')).text;
    expect(second).toContain('Second document');
    expect(second).not.toContain('Grain Quality');
    // a document cannot reach the network: an external image is blocked, the render still succeeds
    const c = await pdf.render('<p>External image test paragraph</p><img src="http://127.0.0.1:9/x.png">');
    expect((await extractText(c, 'c.pdf')).text).toContain('External image test');
  });
});
