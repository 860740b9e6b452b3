import { readZipEntry } from './zip-reader';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e.toLowerCase()] ?? _m),
  );

/**
 * The text of a DOCX: word/document.xml's runs, one line per paragraph, tabs and breaks kept, table
 * cells separated by ' | ' so a row of a log table stays one readable line.
 */
export function docxText(file: Buffer): string {
  const xml = readZipEntry(file, 'word/document.xml');
  if (!xml) throw new Error('docx: word/document.xml is missing');
  const s = xml.toString('utf8');
  return decode(
    s
      .replace(/<w:tab\/>/g, '\t')
      .replace(/<w:br[^>]*\/>/g, '\n')
      .replace(/<\/w:p>\s*<\/w:tc>/g, '</w:tc>')
      .replace(/<\/w:tc>/g, ' | ')
      .replace(/<\/w:tr>/g, '\n')
      .replace(/<\/w:p>/g, '\n')
      // Field codes (PAGE, HYPERLINK ...) are instructions, not text.
      .replace(/<w:instrText[^>]*>[^<]*<\/w:instrText>/g, '')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/ \| \n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
