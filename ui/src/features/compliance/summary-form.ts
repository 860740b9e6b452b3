import { SUMMARY_FIELDS, SUMMARY_WRAPPER, summaryFieldsOf, type ComplianceDocumentType, type PestControlEntry } from '@grain/domain';

/**
 * A summary as the review form edits it (every value a string, lists one item a line) and back. The
 * form holds exactly the fields of the type's catalogue, so what it saves always meets the server's
 * review schema.
 */
export interface EntryForm {
  date: string;
  pests: string;
  activity: string;
  baits: string;
  areas: string;
}
export interface SummaryForm {
  fields: Record<string, string>;
  entries: EntryForm[];
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const lines = (v: unknown) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string').join('\n') : '');
const items = (s: string) =>
  s
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean);

export function toForm(type: ComplianceDocumentType, summary: unknown): SummaryForm {
  const f = summaryFieldsOf(type, summary);
  const fields = Object.fromEntries(SUMMARY_FIELDS[type].filter((x) => x.key !== 'entries').map((x) => [x.key, str(f[x.key])]));
  const entries = type === 'pest_control_update' && Array.isArray(f.entries) ? (f.entries as Array<Partial<PestControlEntry>>) : [];
  return {
    fields,
    entries: entries.map((e) => ({
      date: str(e.date),
      pests: lines(e.pests_treating_for),
      activity: Object.entries(e.activity_level ?? {})
        .map(([p, l]) => `${p}: ${l}`)
        .join('\n'),
      baits: lines(e.bait_chemical_used),
      areas: lines(e.area_shed_treated),
    })),
  };
}

export function fromForm(type: ComplianceDocumentType, form: SummaryForm): unknown {
  const fields = Object.fromEntries(Object.entries(form.fields).map(([k, v]) => [k, v.trim()]));
  if (type !== 'pest_control_update') return { [SUMMARY_WRAPPER[type]!]: fields };
  return {
    pest_control_operator: fields.pest_control_operator ?? '',
    entries: form.entries.map((e) => ({
      date: e.date.trim(),
      pests_treating_for: items(e.pests),
      activity_level: Object.fromEntries(
        items(e.activity).map((l) => {
          const m = /^(.+?)\s*:\s*(.*)$/.exec(l);
          return m ? [m[1], m[2]] : [l, ''];
        }),
      ),
      bait_chemical_used: items(e.baits),
      area_shed_treated: items(e.areas),
    })),
  };
}

export const emptyEntry = (): EntryForm => ({ date: '', pests: '', activity: '', baits: '', areas: '' });
