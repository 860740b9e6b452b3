import { readZipEntry } from './zip-reader';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e.toLowerCase()] ?? _m),
  );

/** The visible text of a paragraph's runs: tabs and breaks kept, field codes (PAGE, HYPERLINK ...) left out. */
const runsText = (xml: string) =>
  decode(
    xml
      .replace(/<w:pPr>[\s\S]*?<\/w:pPr>/g, '')
      .replace(/<w:instrText[^>]*>[^<]*<\/w:instrText>/g, '')
      .replace(/<w:tab\/>/g, '\t')
      .replace(/<w:br[^>]*\/>/g, '\n')
      .replace(/<[^>]+>/g, ''),
  );

/**
 * A paragraph as a reader sees it: a heading (Heading n or Title style) starts with '# ', an item of a
 * Word list (its bullet or number lives in the numbering part, not in the text) with '• '.
 */
function paragraphText(xml: string): string {
  const props = /<w:pPr>([\s\S]*?)<\/w:pPr>/.exec(xml)?.[1] ?? '';
  const text = runsText(xml);
  if (!text.trim()) return '';
  if (/<w:pStyle w:val="(?:Heading\d|Title)"/i.test(props)) return '# ' + text.trim();
  if (/<w:numPr>/.test(props)) return '• ' + text.trim();
  return text;
}

const PARAGRAPH = /<w:p\b[^>]*\/>|<w:p\b[^>]*>([\s\S]*?)<\/w:p>/g;
const paragraphs = (xml: string) => [...xml.matchAll(PARAGRAPH)].map((m) => paragraphText(m[1] ?? ''));

/**
 * A table row as one line, cells joined by ' | ': a row of a log stays one readable line. A cell's
 * paragraphs (a cell often holds a short list) are joined by '; '.
 */
function tableText(xml: string): string {
  return [...xml.matchAll(/<w:tr\b[^>]*>([\s\S]*?)<\/w:tr>/g)]
    .map((tr) =>
      [...tr[1].matchAll(/<w:tc\b[^>]*>([\s\S]*?)<\/w:tc>/g)]
        .map((tc) =>
          paragraphs(tc[1])
            .map((p) =>
              p
                .replace(/^[#•] /, '')
                .replace(/\s+/g, ' ')
                .trim(),
            )
            .filter(Boolean)
            .join('; '),
        )
        .join(' | ')
        .replace(/(?: \| )+$/, ''),
    )
    .filter((row) => row.replace(/[\s|]/g, ''))
    .join('\n');
}

/** The text of a DOCX: word/document.xml's paragraphs one a line, tables row by row. */
export function docxText(file: Buffer): string {
  const xml = readZipEntry(file, 'word/document.xml');
  if (!xml) throw new Error('docx: word/document.xml is missing');
  const body = xml.toString('utf8');
  const out: string[] = [];
  let at = 0;
  for (const t of body.matchAll(/<w:tbl\b[^>]*>[\s\S]*?<\/w:tbl>/g)) {
    out.push(...paragraphs(body.slice(at, t.index)), tableText(t[0]));
    at = t.index + t[0].length;
  }
  out.push(...paragraphs(body.slice(at)));
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
