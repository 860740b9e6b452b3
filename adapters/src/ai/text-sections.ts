/**
 * Reading plain document text the way a person skims it: labelled lines ("Address: ...") and
 * headed sections ("Principle 3 - Critical Limits" followed by paragraphs). Used by the rule-based
 * summariser; every value it returns is a verbatim piece of the document.
 */
export type FieldPatterns<K extends string> = Record<K, RegExp>;

const NUMBERING = String.raw`^\s*(?:(?:principle|section|part|step)\s*\d+\s*[:.)\-–—]?\s*|\d+(?:\.\d+)*[.)]?\s+|[•\-*]\s*)?`;
const MAX_SECTION = 800;

interface Heading<K> {
  key: K;
  line: number;
  inline: string;
}

function headingOf<K extends string>(line: string, patterns: FieldPatterns<K>): Heading<K> | undefined {
  if (line.length > 160) return undefined;
  for (const key of Object.keys(patterns) as K[]) {
    const re = new RegExp(NUMBERING + '(?:' + patterns[key].source + ')' + String.raw`[^:\-–—]{0,30}?\s*(?:[:\-–—]\s*|$)`, 'i');
    const m = re.exec(line);
    if (!m) continue;
    const inline = line.slice(m[0].length).trim();
    // A long line that merely starts with the keyword and has no separator is prose, not a heading.
    if (!/[:\-–—]/.test(m[0]) && inline === '' && line.trim().length > 70) continue;
    return { key, line: -1, inline };
  }
  return undefined;
}

/**
 * Each key's text: the rest of its labelled/heading line plus the following lines up to the next
 * heading of any key. Keys not found are ''. The first heading of a key wins.
 */
export function readSections<K extends string>(text: string, patterns: FieldPatterns<K>): Record<K, string> {
  const lines = text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
  const heads: Heading<K>[] = [];
  // Other labelled lines ("Review Date: ...") end a section without starting one of ours.
  const stops: number[] = [];
  lines.forEach((l, i) => {
    const h = headingOf(l, patterns);
    if (h) heads.push({ ...h, line: i });
    else if (/^[A-Z][\w /&()'-]{1,40}:(\s|$)/.test(l)) stops.push(i);
  });
  const out = {} as Record<K, string>;
  for (const key of Object.keys(patterns) as K[]) out[key] = '';
  heads.forEach((h, idx) => {
    if (out[h.key]) return;
    const nextHead = idx + 1 < heads.length ? heads[idx + 1].line : lines.length;
    const end = Math.min(nextHead, stops.find((x) => x > h.line) ?? lines.length);
    const body = [h.inline, ...lines.slice(h.line + 1, end)].filter(Boolean).join(' ').trim();
    out[h.key] = body.length > MAX_SECTION ? body.slice(0, MAX_SECTION).replace(/\s\S*$/, '') + ' …' : body;
  });
  return out;
}

/** The value of the first "Label: value" line whose label matches (same line only). */
export function labelled(text: string, label: RegExp): string {
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+/g, ' ').trim();
    const m = new RegExp(NUMBERING + '(?:' + label.source + String.raw`)\s*[:\-–—]\s*(.+)$`, 'i').exec(line);
    if (m && m[1].trim()) return m[1].trim();
  }
  return '';
}

/** Splits a list written in prose: commas, semicolons, slashes, ' and '. */
export function splitList(s: string): string[] {
  return s
    .split(/\s*(?:[,;/]|\band\b|&)\s*/i)
    .map((x) => x.trim().replace(/\.$/, ''))
    .filter((x) => x && !/^(n\/?a|none|nil|-)$/i.test(x));
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date written as 2025-03-14, 14/03/2025 (day first, Australian usage) or 14 March 2025; ISO date or undefined. */
export function parseDate(s: string): string | undefined {
  let y: number, m: number, d: number;
  let r = /(\d{4})-(\d{1,2})-(\d{1,2})/.exec(s);
  if (r) [y, m, d] = [Number(r[1]), Number(r[2]), Number(r[3])];
  else if ((r = /(\d{1,2})[/.](\d{1,2})[/.](\d{4})/.exec(s))) [d, m, y] = [Number(r[1]), Number(r[2]), Number(r[3])];
  else if ((r = /(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})/.exec(s)) && MONTHS.includes(r[2].slice(0, 3).toLowerCase())) {
    [d, m, y] = [Number(r[1]), MONTHS.indexOf(r[2].slice(0, 3).toLowerCase()) + 1, Number(r[3])];
  } else return undefined;
  if (m < 1 || m > 12 || d < 1 || d > 31) return undefined;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
