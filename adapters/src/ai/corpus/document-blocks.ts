import { writeZip } from '../../text-extract/zip-writer';

/**
 * A farm document as the people who write them lay it out: headings, paragraphs, bullet lists
 * (typed with a bullet or made by Word's list button), and tables. The same blocks are rendered as
 * a Word file (real tables and list numbering, as Word saves them) and as HTML for Chromium to print
 * to PDF, so one corpus entry tests both readers.
 */
export type Block =
  | { h: string; level?: 1 | 2 | 3 }
  | { p: string; bold?: boolean }
  /** Word's list button: the bullet is numbering, not text, in the file. */
  | { list: string[]; ordered?: boolean }
  /** First row is the header when `header` is set; a cell may hold several lines (paragraphs). */
  | { table: Array<Array<string | string[]>>; header?: boolean; widths?: number[] };

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const lines = (cell: string | string[]) => (Array.isArray(cell) ? cell : [cell]);

/** Printable HTML (A4, the styling of a typical Word-exported plan) for ChromiumPdfRenderer.render. */
export function blocksHtml(blocks: Block[], opts: { landscape?: boolean } = {}): string {
  const body = blocks
    .map((b) => {
      if ('h' in b) return `<h${b.level ?? 1}>${esc(b.h)}</h${b.level ?? 1}>`;
      if ('p' in b) return `<p>${b.bold ? `<b>${esc(b.p)}</b>` : esc(b.p)}</p>`;
      if ('list' in b) {
        const tag = b.ordered ? 'ol' : 'ul';
        return `<${tag}>${b.list.map((i) => `<li>${esc(i)}</li>`).join('')}</${tag}>`;
      }
      const rows = b.table.map((row, r) => {
        const tag = b.header && r === 0 ? 'th' : 'td';
        return `<tr>${row.map((c, i) => `<${tag}${b.widths ? ` style="width:${b.widths[i]}%"` : ''}>${lines(c).map(esc).join('<br>')}</${tag}>`).join('')}</tr>`;
      });
      return `<table>${rows.join('')}</table>`;
    })
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
@page{size:A4 ${opts.landscape ? 'landscape' : 'portrait'}}
body{font-family:'Liberation Sans',Arial,sans-serif;font-size:10.5pt;line-height:1.3}
h1{font-size:16pt}h2{font-size:13pt;margin-top:14pt}h3{font-size:11pt}
table{border-collapse:collapse;width:100%;margin:6pt 0}
th,td{border:0.75pt solid #555;padding:3pt 5.4pt;text-align:left;vertical-align:top}
th{background:#e6e6e6}
</style></head><body>${body}</body></html>`;
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const run = (text: string, bold = false) =>
  text
    .split('\t')
    .map((part, i) => `${i ? '<w:r><w:tab/></w:r>' : ''}<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${esc(part)}</w:t></w:r>`)
    .join('');
const para = (text: string, pPr = '', bold = false) => `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${run(text, bold)}</w:p>`;

/** A Word file of the blocks: heading styles, list numbering (numbering.xml), tables with cell paragraphs. */
export function blocksDocx(blocks: Block[]): Buffer {
  const body = blocks
    .map((b) => {
      if ('h' in b) return para(b.h, `<w:pStyle w:val="Heading${b.level ?? 1}"/>`);
      if ('p' in b) return para(b.p, '', b.bold);
      if ('list' in b) {
        const numPr = `<w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="${b.ordered ? 2 : 1}"/></w:numPr>`;
        return b.list.map((i) => para(i, numPr)).join('');
      }
      const rows = b.table.map(
        (row, r) =>
          `<w:tr>${row
            .map(
              (c) =>
                `<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr>${lines(c)
                  .map((l) => para(l, '', !!b.header && r === 0))
                  .join('')}</w:tc>`,
            )
            .join('')}</w:tr>`,
      );
      return `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/></w:tblPr>${rows.join('')}</w:tbl>`;
    })
    .join('');
  const abstract = (id: number, fmt: string, text: string) =>
    `<w:abstractNum w:abstractNumId="${id}"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="${fmt}"/><w:lvlText w:val="${text}"/></w:lvl></w:abstractNum>`;
  const numbering = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="${W}">${abstract(0, 'bullet', '•')}${abstract(1, 'decimal', '%1.')}<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num></w:numbering>`;
  return writeZip([
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    {
      name: 'word/_rels/document.xml.rels',
      data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/></Relationships>',
    },
    { name: 'word/numbering.xml', data: numbering },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
    },
  ]);
}
