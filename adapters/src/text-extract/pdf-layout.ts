/**
 * Rebuilds the lines of a PDF page from pdf.js text items, keeping what a reader sees and plain
 * text loses: table rows (cells side by side, each cell possibly wrapped over several lines) and
 * headings (set larger than the body text).
 *
 * pdf.js hands items in drawing order, and the programs that print documents (Chromium, Word,
 * LibreOffice) draw a table cell by cell along each row: a row's next cell starts back up at the
 * row's top line, to the right. A wide gap on one baseline also separates cells (tab stops, tables
 * without wrapping). A row of several cells becomes one line, cells joined by ' | ' (as the DOCX
 * reader writes table rows); a heading line starts with '# '.
 */
export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
  hasEOL?: boolean;
}

interface Line {
  y: number;
  end: number;
  size: number;
  text: string;
  closed: boolean;
}
interface Cell {
  x: number;
  lines: Line[];
}
interface Row {
  top: number;
  cells: Cell[];
}

/** A cell separator: wider than any word space, narrower than the padding of the plainest table. */
const CELL_GAP_EM = 1;
/** A heading is set this much larger than the body text. */
const HEADING_RATIO = 1.15;
const SMALL_WORDS = /\b(?:a|an|the|of|and|or|to|in|on|at|by|for|with|from|per|than)$/i;

/** The body text size: the size most characters are set in. */
export function bodySize(items: readonly PdfTextItem[]): number {
  const chars = new Map<number, number>();
  for (const i of items) if (i.str.trim()) chars.set(Math.round(i.size * 2) / 2, (chars.get(Math.round(i.size * 2) / 2) ?? 0) + i.str.length);
  let best = 0;
  let count = -1;
  for (const [size, n] of chars) if (n > count) [best, count] = [size, n];
  return best;
}

/**
 * The lines of a wrapped cell as one value: a wrapped sentence rejoins with a space; lines that each
 * start a new item (a capital after a complete line) are kept apart with '; '.
 */
function cellText(lines: Line[]): string {
  let out = '';
  for (const l of lines) {
    const text = l.text.trim();
    if (!text) continue;
    if (!out) out = text;
    else if (/^[A-Z]/.test(text) && !SMALL_WORDS.test(out) && !/[,(–-]$/.test(out)) out += '; ' + text;
    else out += ' ' + text;
  }
  return out;
}

export function layoutPage(items: readonly PdfTextItem[], body: number): string {
  const rows: Row[] = [];
  let row: Row | undefined;
  const current = () => {
    const cell = row!.cells[row!.cells.length - 1];
    return { cell, line: cell.lines[cell.lines.length - 1] };
  };
  const newLine = (i: PdfTextItem): Line => ({ y: i.y, end: i.x + i.width, size: i.size, text: i.str, closed: !!i.hasEOL });
  const startRow = (i: PdfTextItem) => {
    row = { top: i.y, cells: [{ x: i.x, lines: [newLine(i)] }] };
    rows.push(row);
  };

  for (const item of items) {
    if (!item.str.trim()) {
      // Empty items mark ends of lines; spaces between cells carry nothing the positions do not.
      if (row && item.hasEOL && !item.str) current().line.closed = true;
      continue;
    }
    if (!row) {
      startRow(item);
      continue;
    }
    const { cell, line } = current();
    const em = Math.max(item.size, line.size);
    const sameBaseline = Math.abs(item.y - line.y) < em * 0.3;
    const gap = item.x - line.end;
    if (sameBaseline && !line.closed && gap > -em * 0.5 && gap <= em * CELL_GAP_EM) {
      line.text += gap > em * 0.12 && !line.text.endsWith(' ') && !item.str.startsWith(' ') ? ' ' + item.str : item.str;
      line.end = item.x + item.width;
      line.size = Math.max(line.size, item.size);
      line.closed = !!item.hasEOL;
    } else if (sameBaseline && gap > em * CELL_GAP_EM) {
      row.cells.push({ x: item.x, lines: [newLine(item)] });
    } else if (item.y < line.y && line.y - item.y < em * 2.2 && Math.abs(item.x - cell.x) < em * 0.3 && Math.abs(item.size - line.size) < 0.5) {
      cell.lines.push(newLine(item)); // the cell (or paragraph) goes on to its next line
    } else if (item.y > line.y && Math.abs(item.y - row.top) < em * 0.3 && item.x > cell.x + em) {
      row.cells.push({ x: item.x, lines: [newLine(item)] }); // back up to the row's top: the next cell
    } else startRow(item);
  }

  const out: string[] = [];
  for (const r of rows) {
    if (r.cells.length > 1) {
      out.push(r.cells.map((c) => cellText(c.lines)).join(' | '));
      continue;
    }
    for (const l of r.cells[0].lines) out.push((body && l.size >= body * HEADING_RATIO ? '# ' : '') + l.text.trim());
  }
  return out.join('\n');
}
