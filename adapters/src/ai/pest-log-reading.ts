import type { PestControlEntry, PestControlSummary } from '@grain/domain';
import { columnOf, labelled, readLines, readTables, type DocLine } from './text-sections';
import { dateTextIn, parseDate, splitList } from './text-values';

/**
 * Reading a pest control log: the entries of a log table (whatever its columns are called) or of
 * visit notes (each starting at a dated line: "Date: 07/01/2026", "Visit – 15 January 2026"), and
 * the contractor.
 */
const ENTRY_FIELDS = {
  date: /(?:service |inspection |visit |treatment )?date(?: of (?:service|visit|treatment|inspection))?/,
  pests: /pests?(?:\s*\(s\))?(?: treating for| treated| targeted| found| sighted)?|target pests?|pest species/,
  activity: /(?:pest )?activity(?: level| found)?|infestation(?: level)?|findings|evidence/,
  chemicals:
    /bait(?:s)?\s*\/\s*chemicals?(?: used)?|baits?(?: used)?|chemicals?(?: used)?|products?(?: used)?(?:\s*\/\s*rate)?|treatment(?: applied)?|rodenticide|insecticide|fumigant/,
  areas: /areas?\s*\/\s*sheds?(?: treated)?|areas?(?: treated)?|sheds?(?: treated)?|locations?(?: treated)?|silos?(?: treated)?|where treated/,
};
type Field = Exclude<keyof typeof ENTRY_FIELDS, 'date'>;
const FIELDS: Field[] = ['pests', 'activity', 'chemicals', 'areas'];

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Activity levels as a pest -> level map. Each pest named in the text gets the words after its name
 * ("Rats – low; mice – medium", also with the separators lost: "Rats – low mice – medium"); when the
 * text names no pest, its one level is every pest's ("Nil").
 */
function activityMap(raw: string, pests: string[]): Record<string, string> {
  const text = raw.trim();
  if (!text) return {};
  const found = pests
    .map((p) => ({ p, at: new RegExp(String.raw`(?:^|[\s;,(])${escapeRe(p)}\b`, 'i').exec(text)?.index }))
    .filter((x): x is { p: string; at: number } => x.at !== undefined)
    .sort((a, b) => a.at - b.at);
  const out: Record<string, string> = {};
  if (found.length) {
    found.forEach(({ p, at }, i) => {
      const piece = text.slice(at, i + 1 < found.length ? found[i + 1].at : undefined);
      const level = piece
        .replace(new RegExp(String.raw`^[\s;,(]*${escapeRe(p)}\s*(?:[:=\-–—]\s*)?`, 'i'), '')
        .replace(/[\s;,]+$/, '')
        .trim();
      if (level) out[p] = level;
    });
    return out;
  }
  const pairs = text
    .split(/\s*[;,]\s*/)
    .map((p) => /^(.+?)\s*(?::|=|\s[-–—]\s)\s*(.+)$/.exec(p))
    .filter(Boolean) as RegExpExecArray[];
  if (!pests.length && pairs.length) for (const m of pairs) out[m[1].trim()] = m[2].trim();
  else for (const p of pests.length ? pests : ['all']) out[p] = text;
  return out;
}

function entryFrom(date: string, fields: Partial<Record<Field, string>>): PestControlEntry {
  const pests = splitList(fields.pests ?? '');
  return {
    date: parseDate(date) ?? date.trim(),
    pests_treating_for: pests,
    activity_level: activityMap(fields.activity ?? '', pests),
    bait_chemical_used: splitList(fields.chemicals ?? ''),
    area_shed_treated: splitList(fields.areas ?? ''),
  };
}

/** Entries of the first table whose header names a date column and pests, treatments or areas. */
function tableEntries(lines: DocLine[]): PestControlEntry[] {
  for (const t of readTables(lines)) {
    const date = columnOf(t.header, ENTRY_FIELDS.date);
    const cols = Object.fromEntries(FIELDS.map((f) => [f, columnOf(t.header, ENTRY_FIELDS[f])])) as Record<Field, number>;
    if (date < 0 || (cols.pests < 0 && cols.chemicals < 0 && cols.areas < 0)) continue;
    const entries = t.rows
      .filter((r) => parseDate(r[date] ?? ''))
      .map((r) => entryFrom(r[date], Object.fromEntries(FIELDS.map((f) => [f, cols[f] >= 0 ? (r[cols[f]] ?? '') : '']))));
    if (entries.length) return entries;
  }
  return [];
}

const fieldLabel = (f: keyof typeof ENTRY_FIELDS) => new RegExp(String.raw`^(?:${ENTRY_FIELDS[f].source})$`, 'i');

/** Entries written as visit notes: a dated line, then "Pests: ...", "Baits: ..." lines. */
function noteEntries(lines: DocLine[]): PestControlEntry[] {
  const entries: PestControlEntry[] = [];
  let current: { date: string; fields: Partial<Record<Field, string>> } | undefined;
  for (const l of lines) {
    const m = /^(.+?)\s*:\s*(.*)$/.exec(l.text);
    const labelField = m ? FIELDS.find((f) => fieldLabel(f).test(m[1].trim())) : undefined;
    const dateLabel = m && fieldLabel('date').test(m[1].trim()) ? m[2] : undefined;
    const dated = dateLabel ?? (!labelField && l.cells.length === 1 && l.text.split(/\s+/).length <= 8 ? dateTextIn(l.text) : undefined);
    if (dated && parseDate(dated)) {
      if (current) entries.push(entryFrom(current.date, current.fields));
      current = { date: dateTextIn(dated) ?? dated, fields: {} };
      continue;
    }
    if (current && labelField && current.fields[labelField] === undefined) current.fields[labelField] = m![2];
  }
  if (current) entries.push(entryFrom(current.date, current.fields));
  return entries;
}

export function summarizePestControl(text: string): PestControlSummary {
  const lines = readLines(text);
  const tabled = tableEntries(lines);
  return {
    pest_control_operator: labelled(lines, [
      /pest control (?:operator|contractor|company|provider|technician)|pest controller|licensed (?:pest )?(?:operator|technician)/,
      /service provider|contractor|operator|technician/,
    ]),
    entries: tabled.length ? tabled : noteEntries(lines),
  };
}
