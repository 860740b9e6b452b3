// pdf-parse@1 bundles pdf.js builds (CommonJS, no native parts; we use its 2.0.550, the 1.10 default fails on some Chromium PDFs). Its index.js runs a self-test when
// required without a parent module, so the library file is required directly.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse = require('pdf-parse/lib/pdf-parse.js') as (data: Buffer, opts?: Record<string, unknown>) => Promise<{ text: string; numpages: number }>;

interface TextItem {
  str: string;
  transform: number[];
  width: number;
}

/**
 * One page's text with lines rebuilt from item positions: items on one baseline join, with a space
 * where there is a visible gap (pdf.js splits runs without spaces when a font changes mid-line).
 */
async function renderPage(page: { getTextContent(o: object): Promise<{ items: TextItem[] }> }): Promise<string> {
  const content = await page.getTextContent({ normalizeWhitespace: true, disableCombineTextItems: false });
  let out = '';
  let lastY: number | undefined;
  let lastEnd = 0;
  for (const item of content.items) {
    const [, , , , x, y] = item.transform;
    if (lastY === undefined) out += item.str;
    else if (Math.abs(y - lastY) < 2) out += (x - lastEnd > 1.5 && !out.endsWith(' ') && !item.str.startsWith(' ') ? ' ' : '') + item.str;
    else out += '\n' + item.str;
    lastY = y;
    lastEnd = x + item.width;
  }
  return out;
}

export async function pdfText(file: Buffer, maxPages = 200): Promise<{ text: string; pages: number }> {
  const r = await pdfParse(file, { pagerender: renderPage, max: maxPages, version: 'v2.0.550' });
  return { text: r.text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim(), pages: r.numpages };
}
