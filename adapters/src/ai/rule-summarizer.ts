import type { ComplianceDocumentType, EstablishmentSummary, HaccpSummary, ManagementPlanSummary } from '@grain/domain';
import { summarizePestControl } from './pest-log-reading';
import { columnOf, labelled, nameInTitle, readLines, readSections, readTables, type DocLine } from './text-sections';
import { dateTextIn, parseDate, phoneIn } from './text-values';

/**
 * The embedded summariser: structured summaries from the labelled values, headed sections, lists
 * and tables of the document text. Deterministic; every value is quoted from the document ('' when
 * absent).
 */
const combine = (a: string, b: string) => (a && b && !a.includes(b) ? `${a}; ${b}` : a || b);
/**
 * The day the plan was last reviewed (or approved, which is its latest review), as a calendar day
 * (yyyy-mm-dd, like a pest log's dates); what the document wrote when it is not a whole date ("February
 * 2027"), for the reader to correct. A label ("Review date: 4 March 2026 by T. Castellano") first, then
 * the words in a sentence ("Version 3.2, approved 2 February 2026 by ..."), the next review last.
 */
const REVIEWED_IN_TEXT = new RegExp(
  String.raw`\b(?:last reviewed|reviewed|approved|revised|date of (?:review|approval)|review date|approval date)\b(?:\s+(?:on|in|at))?\s*:?\s*`,
  'i',
);
/** A date after words that say the plan was reviewed or approved, in a sentence; not the next review's. */
function reviewedInText(lines: DocLine[]): string {
  for (const l of lines) {
    const m = REVIEWED_IN_TEXT.exec(l.text);
    if (!m || /\bnext\s+$/i.test(l.text.slice(0, m.index))) continue;
    const date = dateTextIn(l.text.slice(m.index));
    if (date && l.text.slice(m.index).indexOf(date) <= m[0].length + 3) return date;
  }
  return '';
}
const reviewDate = (lines: DocLine[]) => {
  const v =
    labelled(lines, [
      /review date|date of review|last review(?:ed)?|(?:plan )?reviewed(?: on)?|date reviewed|(?:date )?approved(?: on)?|approval date|date of approval/,
    ]) ||
    reviewedInText(lines) ||
    labelled(lines, [/next review(?: date)?/]);
  const written = dateTextIn(v) ?? v;
  return parseDate(written) ?? written.replace(/\.$/, '');
};

/** A company named at the start of one of the first lines ("Wimmera Grain Storage Pty Ltd, Horsham VIC"). */
const COMPANY =
  /^([A-Z][\w&'.-]*(?:\s+(?:[A-Z&][\w&'.-]*|of|and))*?\s+(?:Pty\.?\s+Ltd\.?|Pty\.?\s+Limited|Ltd\.?|Limited|Inc\.?|Co-operative|Cooperative|Partnership|Trust))(?=[\s,.;(]|$)/;
function companyNearTop(lines: DocLine[]): string {
  for (const l of lines.filter((x) => x.text).slice(0, 5)) {
    const m = COMPANY.exec(l.text);
    if (m) return m[1];
  }
  return '';
}

/** A property's name without its address: '"Glenorchy Downs", 1840 Wimmera Highway' reads "Glenorchy Downs". */
function nameOnly(v: string): string {
  const quoted = /^["“'‘](.+?)["”'’]/.exec(v.trim());
  if (quoted) return quoted[1];
  const beforeAddress = /^([^,\d]+?),\s*(?:Lot\s+)?\d/.exec(v);
  return beforeAddress ? beforeAddress[1].trim() : v;
}

const ESTABLISHMENT_LABELS = {
  name: [/name of (?:the )?establishment|establishment name|registered (?:business )?name|business name|trading name|trading as|name/],
  number: [
    /(?:establishment )?registration (?:number|no\.?)|establishment (?:number|no\.?)|registered establishment (?:number|no\.?)|licen[cs]e (?:number|no\.?)|fssai (?:licen[cs]e )?(?:number|no\.?)/,
  ],
  address: [
    /(?:site|physical|property|street|establishment) address(?: of (?:the )?establishment)?|address of (?:the )?establishment/,
    /(?:business )?address|location/,
    /postal address/,
  ],
  telephone: [/telephone|phone(?: number)?|ph|tel\.?|mobile|contact (?:number|phone)|landline/],
  email: [/e-?mail(?: address)?|e/],
  website: [/website|web site|web|url|internet/],
  contact: [/contact person|contact name|responsible person/, /occupier|contact|owner|manager/],
  operations: [/(?:registered |approved )?operations|type of (?:operation|business)|activities|scope of (?:operations|registration)/],
};

function summarizeEstablishment(text: string): EstablishmentSummary {
  const lines = readLines(text);
  const all = Object.values(ESTABLISHMENT_LABELS).flat();
  const get = (labels: RegExp[]) => labelled(lines, labels, { notOnNextLine: all });
  const sections = readSections(lines, {
    operations: /operations?(?: approved)?|approved operations|activities|type of (?:operation|business)|scope of (?:operations|registration)/,
  });
  const telephone = get(ESTABLISHMENT_LABELS.telephone) || phoneIn(text);
  // "Contact: Sarah O'Connell, Site Manager, +61 3 5382 1100": the person, the number is the telephone
  const contact = get(ESTABLISHMENT_LABELS.contact);
  const phoneInContact = phoneIn(contact);
  return {
    establishment_registration_document: {
      name_of_establishment: get(ESTABLISHMENT_LABELS.name),
      registration_number: get(ESTABLISHMENT_LABELS.number),
      address: get(ESTABLISHMENT_LABELS.address),
      telephone,
      email: get(ESTABLISHMENT_LABELS.email) || (/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(text)?.[0] ?? ''),
      website: get(ESTABLISHMENT_LABELS.website) || (/\b(?:https?:\/\/|www\.)[^\s,;|]+/i.exec(text)?.[0] ?? ''),
      contact_person: phoneInContact
        ? contact
            .replace(phoneInContact, '')
            .replace(/[\s,;:–—-]+$/, '')
            .trim()
        : contact,
      operations: get(ESTABLISHMENT_LABELS.operations) || sections.operations,
    },
  };
}

const HACCP_SECTIONS = {
  scope: /scope(?: of (?:the )?plan)?|product description/,
  hazard_analysis: /hazard analysis|conduct(?:ing)? a hazard analysis|identify hazards/,
  // "CCPs" heads a section; "CCP 1: moisture at or below 12.5%" is an item of one (the limits, say)
  critical_control_points: /critical control points?|determine (?:the )?critical control points|ccps?(?!\s*\d)/,
  critical_limits: /critical limits?|establish critical limits/,
  monitoring_procedures: /monitoring(?: procedures?)?|establish monitoring/,
  corrective_actions: /corrective actions?|establish corrective actions/,
  verification_procedures: /verification(?: procedures?)?|establish verification/,
  record_keeping: /record[- ]?keeping|records and documentation|documentation and records|establish record(?:s| keeping)?|records/,
};
/** Columns of a HACCP control chart (one row per CCP) and the principle each holds. */
const HACCP_CHART_COLUMNS = {
  critical_control_points: /ccps?(?: (?:no\.?|number))?|critical control points?|process step \/ ccp/,
  critical_limits: /critical limits?/,
  monitoring_procedures: /monitoring(?: procedures?)?(?: \(.*\))?/,
  corrective_actions: /corrective actions?/,
  verification_procedures: /verification(?: procedures?)?/,
  record_keeping: /records?(?: kept)?|record[- ]keeping/,
};

/** Principles set out as the columns of a HACCP control chart: each column's cells, row by row. */
function chartColumns(lines: DocLine[]): Partial<Record<keyof typeof HACCP_CHART_COLUMNS, string>> {
  const out: Partial<Record<keyof typeof HACCP_CHART_COLUMNS, string>> = {};
  for (const t of readTables(lines)) {
    const cols = Object.entries(HACCP_CHART_COLUMNS).map(([k, re]) => [k, columnOf(t.header, re)] as const);
    if (cols.filter(([, i]) => i >= 0).length < 2) continue;
    for (const [k, i] of cols) {
      if (i < 0) continue;
      const values = t.rows.map((r) => r[i] ?? '').filter(Boolean);
      out[k as keyof typeof HACCP_CHART_COLUMNS] = combine(out[k as keyof typeof HACCP_CHART_COLUMNS] ?? '', values.join('; '));
    }
  }
  return out;
}

/**
 * The critical control points a plan marks where it analyses the hazards ("1. Receival — Mycotoxins from
 * field moulds. Control: ... CCP 1."), one "CCP 1: Receival — Mycotoxins from field moulds" each.
 */
function ccpsMarked(lines: DocLine[]): string {
  const out: string[] = [];
  for (const l of lines) {
    const m = /\bCCP\s*(\d+)\b/.exec(l.text);
    if (!m || /^CCP\s*\d/i.test(l.text)) continue;
    const first = l.text
      .replace(new RegExp(NUMBERING_PREFIX), '')
      .split(/(?<=\.)\s+/)[0]
      .replace(/\.$/, '');
    if (!out.some((x) => x.startsWith(`CCP ${m[1]}:`))) out.push(`CCP ${m[1]}: ${first}`);
  }
  return out.join('; ');
}
const NUMBERING_PREFIX = /^\s*\d+[.)]\s+/;

function summarizeHaccp(text: string): HaccpSummary {
  const lines = readLines(text);
  const s = readSections(lines, HACCP_SECTIONS);
  const chart = chartColumns(lines);
  const ccps = combine(s.critical_control_points, chart.critical_control_points ?? '');
  return {
    haccp_plan: {
      business_name:
        labelled(lines, [/business name|name of (?:the )?business|name of (?:the )?establishment|establishment name|business|company|prepared for/]) ||
        companyNearTop(lines) ||
        nameInTitle(lines, /haccp|food safety|plan/i),
      scope: labelled(lines, [/scope|product description|products?/]) || s.scope,
      hazard_analysis: s.hazard_analysis,
      critical_control_points: ccps || ccpsMarked(lines),
      critical_limits: combine(s.critical_limits, chart.critical_limits ?? ''),
      monitoring_procedures: combine(s.monitoring_procedures, chart.monitoring_procedures ?? ''),
      corrective_actions: combine(s.corrective_actions, chart.corrective_actions ?? ''),
      verification_procedures: combine(s.verification_procedures, chart.verification_procedures ?? ''),
      record_keeping: combine(s.record_keeping, chart.record_keeping ?? ''),
      review_date: reviewDate(lines),
    },
  };
}

/** Crops named in a cropping program table's crop column, each once, in order. */
function cropsInTables(lines: DocLine[]): string {
  for (const t of readTables(lines)) {
    const i = columnOf(t.header, /crops?(?: type)?|commodity/);
    if (i >= 0) return [...new Set(t.rows.map((r) => r[i]).filter(Boolean))].join('; ');
  }
  return '';
}

function summarizeManagementPlan(text: string): ManagementPlanSummary {
  const lines = readLines(text);
  const s = readSections(lines, {
    crops: /crops?(?: grown| and varieties)?|commodities/,
    storage_and_hygiene: /(?:harvest(?:ing)? and )?(?:grain )?storage(?: and (?:hygiene|handling))?|hygiene|cleaning(?: and sanitation)?|sanitation/,
    chemical_handling: /(?:fertili[sz]er and )?chemicals?(?: plan| handling| use| management)?|pesticide use|agvet chemicals?|spray records?/,
    // a farm's records of its loads are how it traces them ("Records: every load is logged by paddock and silo")
    traceability: /traceability|product identification|batch (?:identification|records)|lot identification|(?:grain |delivery |load )?records/,
    staff_training: /staff training|training|competency|induction|people/,
    water_and_soil: /water(?: and soil)?|soils?(?: management)?|irrigation|environment(?:al management)?/,
  });
  return {
    management_plan: {
      farm_name: nameOnly(
        labelled(lines, [/farm name|property name|name of (?:the )?farm|farm business|business name|name of (?:the )?establishment|farm|property/]) ||
          nameInTitle(lines, /plan|farm management/i),
      ),
      crops: labelled(lines, [/crops?(?: grown)?|commodit(?:y|ies)|grain types?/]) || cropsInTables(lines) || s.crops,
      storage_and_hygiene: s.storage_and_hygiene,
      chemical_handling: s.chemical_handling,
      traceability: s.traceability,
      staff_training: s.staff_training,
      water_and_soil: s.water_and_soil,
      review_date: reviewDate(lines),
    },
  };
}

export function summarizeRuleBased(type: ComplianceDocumentType, text: string) {
  switch (type) {
    case 'establishment_update':
      return summarizeEstablishment(text);
    case 'haccp_plan_update':
      return summarizeHaccp(text);
    case 'management_plan_update':
      return summarizeManagementPlan(text);
    case 'pest_control_update':
      return summarizePestControl(text);
  }
}
