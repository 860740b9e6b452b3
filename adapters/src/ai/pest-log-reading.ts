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

function entryFrom(date: string, fields: Partial<Record<Field, string>>, notes = '', plan?: PlanWords): PestControlEntry {
  const pests = splitList(fields.pests ?? '');
  const entry: PestControlEntry = {
    date: parseDate(date) ?? date.trim(),
    pests_treating_for: pests,
    activity_level: activityMap(fields.activity ?? '', pests),
    bait_chemical_used: splitList(fields.chemicals ?? ''),
    area_shed_treated: splitList(fields.areas ?? ''),
  };
  // a visit written as a sentence ("Lesser grain borer found in silo 4. Silo sealed and fumigated with
  // phosphine"): what it names, each field the labels left empty
  if (notes && plan) {
    const read = readNarrative(notes, plan);
    if (!entry.pests_treating_for.length) {
      entry.pests_treating_for = read.pests;
      if (!Object.keys(entry.activity_level).length) entry.activity_level = read.activity;
    }
    if (!entry.bait_chemical_used.length) entry.bait_chemical_used = read.chemicals;
    if (!entry.area_shed_treated.length) entry.area_shed_treated = read.areas;
  }
  return entry;
}

/** Lines a PDF wrapped, joined back: "Bait stations 1–" + "14 serviced", "saw-" + "toothed", else a space. */
const joinWrapped = (a: string, b: string) => (!a ? b : /[–-]$/.test(a) && /^[\da-z]/.test(b) ? a + b : `${a} ${b}`);

/**
 * What the plan itself names once, before its log: the target pests (each with the other names it
 * gives them in brackets), the chemicals (each product as the plan lists it) - the words a visit's
 * sentence is read with.
 */
interface PlanWords {
  pests: Array<{ name: string; words: string[] }>;
  chemicals: Array<{ product: string; words: string[]; bait: boolean }>;
}

/** The items of a plan's list: "Label: a, b and c" on one line (wrapped), or a "Label:" line with one item a line under it. */
function planList(lines: DocLine[], label: RegExp): string[] {
  const head = new RegExp(String.raw`^(?:${label.source})\s*:\s*(.*)$`, 'i');
  const i = lines.findIndex((l) => !l.heading && head.test(l.text));
  if (i < 0) return [];
  const rest = head.exec(lines[i].text)![1];
  const isLabel = (t: string) => /^[A-Z][\w/&()'-]*(?: [\w/&()'-]+){0,3}:(\s|$)/.test(t);
  if (rest) {
    let v = rest;
    for (let j = i + 1; j < lines.length && /^[a-z\d]/.test(lines[j].text) && !lines[j].heading; j++) v = joinWrapped(v, lines[j].text);
    return splitList(v);
  }
  const items: string[] = [];
  for (let j = i + 1; j < lines.length; j++) {
    const l = lines[j];
    if (!l.text || l.heading || isLabel(l.text) || dateTextIn(l.text.slice(0, 30))) break;
    if (l.bullet || /^[A-Z]/.test(l.text) || !items.length) items.push(l.text);
    else items[items.length - 1] = joinWrapped(items[items.length - 1], l.text);
  }
  return items;
}

const bracketed = (s: string) => [...s.matchAll(/\(([^)]+)\)/g)].map((m) => m[1].trim());
const unbracketed = (s: string) => s.replace(/\s*\([^)]*\)/g, '').trim();
/** The product of a chemicals list item: up to its first comma outside brackets ("Phosphine (aluminium phosphide tablets)"). */
const productOf = (item: string) => splitList(item)[0] ?? item;

function planWords(lines: DocLine[]): PlanWords {
  const pests = planList(lines, /target pests?|pests? targeted|target species|pests? covered/).map((p) => ({
    name: unbracketed(p).replace(/\.$/, ''),
    words: [unbracketed(p).replace(/\.$/, ''), ...bracketed(p).flatMap((b) => b.split(/\s*[,;]\s*/))].filter((w) => w.length > 2),
  }));
  const chemicals = planList(lines, /chemicals?(?: used)?|baits? and chemicals?|products?(?: used)?|pesticides?(?: used)?/).map((item) => {
    const product = productOf(item).replace(/\.$/, '');
    const first = unbracketed(product).split(/\s+/)[0];
    return {
      product,
      words: [...(first.length >= 4 ? [first] : []), ...bracketed(product).map((b) => b.split(/\s+/).slice(0, 2).join(' '))],
      bait: /\bbait|rodenticide|wax blocks?|blox\b/i.test(item),
    };
  });
  return { pests, chemicals };
}

/** Pests a log names without a plan's list (or beside it), by the name they are reported under. */
const COMMON_PESTS: Array<[name: string, term: RegExp]> = [
  ['insects', /\binsects?\b/i],
  ['rats', /\brats?\b/i],
  ['mice', /\b(?:mice|mouse)\b/i],
  ['rodents', /\brodents?\b/i],
  ['birds', /\b(?:birds?|pigeons?|sparrows?)\b/i],
  ['weevils', /\bweevils?\b/i],
  ['moths', /\bmoths?\b/i],
  ['beetles', /\bbeetles?\b/i],
  ['psocids', /\b(?:psocids?|booklice)\b/i],
  ['cockroaches', /\bcockroach(?:es)?\b/i],
];
/** Grain protectants, fumigants and rodenticides registered in Australia, for a log without a plan's list. */
const COMMON_CHEMICALS =
  /\b(?:phosphine|aluminium phosphide|magnesium phosphide|sulfuryl fluoride|deltamethrin|pirimiphos-methyl|chlorpyrifos-methyl|fenitrothion|s-?methoprene|spinosad|bifenthrin|diatomaceous earth|brodifacoum|bromadiolone|difenacoum|diphacinone|coumatetralyl)\b/gi;
/** Where a treatment went: a numbered or lettered silo, shed, bunker, bin or bait station, or a named part of the site. */
const AREA =
  /\b(?:(?:grain |machinery |field )?(?:silos?|sheds?|bunkers?|bins?|bait stations?|stations?|cells?|bays?)\s+(?:\d+(?:\s*[–-]\s*\d+)?(?:\s*(?:,|and|&)\s*\d+(?:\s*[–-]\s*\d+)?)*|[A-Z](?:\s+and\s+[A-Z])?)(?![\w])|workshop|receival pit|conveyors?|weighbridge|grain shed|machinery shed|warehouse)/gi;

/** A pest term that ends its word: "rodents" also reads "Rodent". */
const termRe = (w: string) => new RegExp(String.raw`\b${escapeRe(w.replace(/s$/i, ''))}s?\b`, 'i');

/** What a visit's sentences name: pests (and, for each, the clause that says what was found), chemicals, areas. */
function readNarrative(notes: string, plan: PlanWords) {
  const hits: Array<{ name: string; at: number; end: number }> = [];
  for (const p of plan.pests)
    for (const w of p.words) {
      const m = termRe(w).exec(notes);
      if (m) hits.push({ name: p.name, at: m.index, end: m.index + m[0].length });
    }
  for (const [name, re] of COMMON_PESTS) {
    const m = re.exec(notes);
    if (m && !hits.some((h) => h.name.toLowerCase() === name || (m.index < h.end && h.at < m.index + m[0].length)))
      hits.push({ name, at: m.index, end: m.index + m[0].length });
  }
  const first = new Map<string, { at: number; end: number }>();
  for (const h of hits.sort((a, b) => a.at - b.at)) if (!first.has(h.name)) first.set(h.name, h);
  const pests = [...first.keys()];
  const clauses = [...notes.matchAll(/[^.;,]+/g)].map((m) => ({ text: m[0], at: m.index }));
  const activity: Record<string, string> = {};
  for (const [name, h] of first) {
    const clause = clauses.find((c) => c.at <= h.at && h.at < c.at + c.text.length);
    if (!clause) continue;
    const text = clause.text.trim();
    const term = notes.slice(h.at, h.end);
    activity[name] = (text.toLowerCase().startsWith(term.toLowerCase()) ? text.slice(term.length) : text).trim();
  }
  const chemicals: string[] = [];
  const add = (c: string) => {
    if (!chemicals.some((x) => x.toLowerCase() === c.toLowerCase())) chemicals.push(c);
  };
  for (const c of plan.chemicals) if (c.words.some((w) => termRe(w).test(notes)) || (c.bait && /\bbaits?\b|bait stations?/i.test(notes))) add(c.product);
  if (!chemicals.length) for (const m of notes.matchAll(COMMON_CHEMICALS)) add(m[0]);
  const areas: string[] = [];
  for (const m of notes.matchAll(AREA)) if (!areas.some((a) => a.toLowerCase() === m[0].toLowerCase())) areas.push(m[0]);
  return { pests, activity, chemicals, areas };
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

/**
 * Entries written as visit notes: a dated line, then "Pests: ...", "Baits: ..." lines, or the visit
 * told in sentences after its date ("Date: 9 September 2026 — Lesser grain borer found in silo 4 ...").
 */
function noteEntries(lines: DocLine[]): PestControlEntry[] {
  const plan = planWords(lines);
  const entries: PestControlEntry[] = [];
  let current: { date: string; fields: Partial<Record<Field, string>>; notes: string } | undefined;
  const close = () => current && entries.push(entryFrom(current.date, current.fields, current.notes, plan));
  for (const l of lines) {
    const m = /^(.+?)\s*:\s*(.*)$/.exec(l.text);
    const labelField = m ? FIELDS.find((f) => fieldLabel(f).test(m[1].trim())) : undefined;
    const dateLabel = m && fieldLabel('date').test(m[1].trim()) ? m[2] : undefined;
    // a line with a label of its own ("Plan period: 1 July 2026 to 30 June 2027") is not a visit
    const dated = dateLabel ?? (!m && l.cells.length === 1 && l.text.split(/\s+/).length <= 8 ? dateTextIn(l.text) : undefined);
    if (dated && parseDate(dated)) {
      close();
      const date = dateTextIn(dated) ?? dated;
      const rest = dated.slice(dated.indexOf(date) + date.length).replace(/^[\s:,.–—-]+/, '');
      current = { date, fields: {}, notes: rest };
      continue;
    }
    if (!current) continue;
    if (labelField && current.fields[labelField] === undefined) current.fields[labelField] = m![2];
    else if (!m && !l.heading && current.notes && l.cells.length === 1) current.notes = joinWrapped(current.notes, l.text);
  }
  close();
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
