/**
 * Reading document text the way a person skims it. The extractors mark what layout they saw: '# ' a
 * heading, '• ' an item of a list, ' | ' (or a tab) between the cells of a table row. On that, this
 * module finds labelled values ("Address: ...", a "Phone | ..." table row, or a label on its own line
 * with the value under it), headed sections, and tables with their columns. Every value it returns is
 * a verbatim piece of the document.
 */
export type FieldPatterns<K extends string> = Record<K, RegExp>;

export interface DocLine {
  /** The line without its heading or bullet mark. */
  text: string;
  heading: boolean;
  bullet: boolean;
  /** Table cells (tab or ' | ' separated); one cell for an ordinary line. */
  cells: string[];
}

const NUMBERING = String.raw`^\s*(?:(?:principle|section|part|step)\s*\d+\s*[:.)\-–—]?\s*|\d+(?:\.\d+)*[.)]?\s+|[a-z][.)]\s+)?`;
const BULLET = /^(?:[•●▪◦‣∙·*]|[-–—](?=\s))\s*/;
const MAX_SECTION = 800;

export function readLines(text: string): DocLine[] {
  return text.split('\n').map((raw) => {
    let t = raw.replace(/[ \u00a0\r]+/g, ' ').trim();
    const heading = /^#{1,6} /.test(t);
    if (heading) t = t.replace(/^#+ /, '');
    const bullet = !heading && BULLET.test(t);
    if (bullet) t = t.replace(BULLET, '');
    const cells = t.split(/\s*\t\s*| \| /).map((c) => c.trim());
    return { text: t.replace(/\t/g, ' ').replace(/ {2,}/g, ' '), heading, bullet, cells: cells.length > 1 ? cells : [t.replace(/\t/g, ' ')] };
  });
}

const fullLabel = (label: RegExp) => new RegExp(NUMBERING + '(?:' + label.source + String.raw`)\s*:?$`, 'i');
const inlineLabel = (label: RegExp) => new RegExp(NUMBERING + '(?:' + label.source + String.raw`)(?:\s*:\s*|\s+[-–—]\s+)(.+)$`, 'i');
/** "Prepared by P. Raman. Review date: 2 March 2026": each sentence may carry its own label. */
const sentences = (s: string) => s.split(/(?<=[.!?])\s+(?=[A-Z])/);

/** Whether a line is, as a whole, one of these labels (a form's label with its value underneath). */
const isLabelLine = (l: DocLine, labels: readonly RegExp[]) => l.cells.length === 1 && !l.heading && labels.some((re) => fullLabel(re).test(l.text));

/**
 * The value of the first label found, trying the labels in order of preference: "Label: value" in a
 * line, a cell or a sentence; a table row whose first cell is the label; or a line that is only the
 * label, with the value on the next line. '' when none is there.
 */
export function labelled(lines: readonly DocLine[], labels: readonly RegExp[], opts: { notOnNextLine?: readonly RegExp[] } = {}): string {
  const longLine = 0.6 * Math.max(0, ...lines.filter((l) => l.cells.length === 1).map((l) => l.text.length));
  /** A value and the lines a PDF wrapped it onto ("... (wheat, barley," then "canola)"). */
  const wrapped = (value: string, i: number) => {
    let v = value;
    for (let j = i + 1; j < lines.length && lines[j - 1].text.length >= longLine; j++) {
      const next = lines[j];
      const open = (v.match(/\(/g) ?? []).length > (v.match(/\)/g) ?? []).length;
      if (next.heading || next.bullet || next.cells.length > 1 || !next.text || !(open || /^[a-z]/.test(next.text))) break;
      v += ' ' + next.text;
    }
    return v;
  };
  for (const label of labels) {
    const inline = inlineLabel(label);
    const full = fullLabel(label);
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      if (l.cells.length > 1) {
        if (full.test(l.cells[0]) && l.cells[1]) return l.cells[1];
        for (const c of l.cells) {
          const m = inline.exec(c);
          if (m) return m[1].trim();
        }
        continue;
      }
      for (const piece of sentences(l.text)) {
        const m = inline.exec(piece);
        if (m && !l.heading) return piece === l.text ? wrapped(m[1].trim(), i) : m[1].trim();
      }
      if (!l.heading && full.test(l.text)) {
        const next = lines.slice(i + 1).find((x) => x.text);
        const other = [...labels, ...(opts.notOnNextLine ?? [])];
        if (next && !next.heading && next.cells.length === 1 && !isLabelLine(next, other) && !/:$/.test(next.text)) return next.text;
      }
    }
  }
  return '';
}

/** The tables of the document: runs of lines with cells; the first row is the header. */
export function readTables(lines: readonly DocLine[]): Array<{ header: string[]; rows: string[][] }> {
  const tables: Array<{ header: string[]; rows: string[][] }> = [];
  let run: string[][] = [];
  const flush = () => {
    if (run.length > 1) tables.push({ header: run[0], rows: run.slice(1) });
    run = [];
  };
  for (const l of lines) {
    if (l.cells.length > 1) run.push(l.cells);
    else if (l.text) flush();
  }
  flush();
  return tables;
}

/** The index of the header cell that is, as a whole, one of these names; -1 when none. */
export function columnOf(header: readonly string[], name: RegExp): number {
  const re = fullLabel(name);
  return header.findIndex((h) => re.test(h));
}

interface Heading<K> {
  key: K | undefined;
  line: number;
  inline: string;
}

/**
 * Whether a line heads a section, and of which key. A marked heading ('# ') heads the key whose words
 * appear first in it, or an unknown section (which still ends the one before). An unmarked line heads
 * a section when it starts with the key's words and is short or ends at a colon ("Storage and
 * Hygiene:", "Principle 3 - Critical Limits", "Hazard analysis: insects ...").
 */
function headingOf<K extends string>(l: DocLine, patterns: FieldPatterns<K>): Heading<K> | undefined {
  if (l.heading) {
    const text = l.text.replace(new RegExp(NUMBERING, 'i'), '');
    let best: { key: K; at: number } | undefined;
    for (const key of Object.keys(patterns) as K[]) {
      const m = new RegExp(String.raw`\b(?:${patterns[key].source})\b`, 'i').exec(text);
      if (m && (!best || m.index < best.at)) best = { key, at: m.index };
    }
    return { key: best?.key, line: -1, inline: '' };
  }
  // a long line is prose, unless it starts with a label ("Harvest and storage: harvested grain is ...")
  if (l.bullet || l.cells.length > 1 || (l.text.length > 160 && !/^[^:]{2,50}:\s/.test(l.text))) return undefined;
  for (const key of Object.keys(patterns) as K[]) {
    const re = new RegExp(NUMBERING + '(?:' + patterns[key].source + ')' + String.raw`[^:\-–—]{0,30}?\s*(?::\s*|\s[-–—]\s*|$)`, 'i');
    const m = re.exec(l.text);
    if (!m) continue;
    const inline = l.text.slice(m[0].length).trim();
    // A long line that merely starts with the keyword and has no separator is prose, not a heading.
    if (!/[:\-–—]/.test(m[0]) && inline === '' && l.text.length > 70) continue;
    return { key, line: -1, inline };
  }
  return undefined;
}

/**
 * A section's lines as one text: list items and table rows joined by '; ' (a row's cells by ' – '),
 * a paragraph's wrapped lines by a space, short lines that each start anew (a list printed without
 * its bullets) by '; '.
 */
function joinBody(body: readonly DocLine[], longLine: number): string {
  let out = '';
  let prev: DocLine | undefined;
  for (const l of body) {
    const piece = l.cells.length > 1 ? l.cells.filter(Boolean).join(' – ') : l.text;
    if (!piece) continue;
    if (!out || !prev) out = piece;
    else if (l.bullet || prev.bullet || l.cells.length > 1 || prev.cells.length > 1) out += '; ' + piece;
    else if (/[.;:!?]$/.test(out) || /^[^A-Z]/.test(piece) || prev.text.length >= longLine) out += ' ' + piece;
    else out += '; ' + piece;
    prev = l;
  }
  return out;
}

/**
 * Each key's text: the rest of its heading line plus the lines after it, up to the next heading (of
 * any section) or the next "Label:" line. Keys not found are ''. The first heading of a key wins.
 */
export function readSections<K extends string>(lines: readonly DocLine[], patterns: FieldPatterns<K>): Record<K, string> {
  const heads: Heading<K>[] = [];
  // Other labelled lines ("Review Date: ...", a label of at most four words) end a section without starting one of ours.
  const stops: number[] = [];
  lines.forEach((l, i) => {
    const h = headingOf(l, patterns);
    if (h) heads.push({ ...h, line: i });
    // ("CCP 1: moisture at or below 12.5%", "Silo 4: ...": an item numbered under a heading, not a label of its own)
    else if (!l.bullet && l.cells.length === 1 && /^[A-Z][\w/&()'-]*(?: [\w/&()'-]+){0,3}:(\s|$)/.test(l.text) && !/^[^:]*\d:/.test(l.text)) stops.push(i);
  });
  const longLine = 0.7 * Math.max(0, ...lines.filter((l) => l.cells.length === 1).map((l) => l.text.length));
  const out = {} as Record<K, string>;
  for (const key of Object.keys(patterns) as K[]) out[key] = '';
  heads.forEach((h, idx) => {
    if (!h.key || out[h.key]) return;
    const nextHead = idx + 1 < heads.length ? heads[idx + 1].line : lines.length;
    const end = Math.min(nextHead, stops.find((x) => x > h.line) ?? lines.length);
    const body = joinBody(
      [...(h.inline ? [{ text: h.inline, heading: false, bullet: false, cells: [h.inline] }] : []), ...lines.slice(h.line + 1, end)],
      longLine,
    );
    out[h.key] = body.length > MAX_SECTION ? body.slice(0, MAX_SECTION).replace(/\s\S*$/, '') + ' …' : body;
  });
  return out;
}

/**
 * The name a document gives in its title: "HACCP Plan – Mallee Bulk Handling", "Whole Farm Plan —
 * Dry Creek Farming Partnership". `kind` matches the words that name the document itself.
 */
export function nameInTitle(lines: readonly DocLine[], kind: RegExp): string {
  for (const l of lines.filter((x) => x.text).slice(0, 3)) {
    if (!kind.test(l.text)) continue;
    const parts = l.text.split(/\s+[–—-]\s+|:\s+|\s+for\s+/).map((p) => p.trim());
    const name = parts.find((p) => p.length > 2 && !kind.test(p) && !/^\d{4}(?:[–-]\d{2,4})?$/.test(p));
    if (parts.length > 1 && name) return name;
  }
  return '';
}
