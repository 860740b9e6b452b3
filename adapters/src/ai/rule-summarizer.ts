import type { ComplianceDocumentType, EstablishmentSummary, HaccpSummary, ManagementPlanSummary, PestControlEntry, PestControlSummary } from '@grain/domain';
import { labelled, parseDate, readSections, splitList } from './text-sections';

/**
 * The embedded summariser: structured summaries from labelled lines and headed sections of the
 * document text. Deterministic; every value is quoted from the document ('' when absent).
 */
function summarizeEstablishment(text: string): EstablishmentSummary {
  const website = labelled(text, /website|web site|web|url/) || (/\b(?:https?:\/\/|www\.)[^\s,;]+/i.exec(text)?.[0] ?? '');
  return {
    establishment_registration_document: {
      name_of_establishment: labelled(text, /name of (?:the )?establishment|establishment name|registered name|business name|trading name|name/),
      registration_number: labelled(
        text,
        /(?:establishment )?registration (?:number|no\.?)|establishment (?:number|no\.?)|licen[cs]e (?:number|no\.?)|fssai (?:licen[cs]e )?(?:number|no\.?)/,
      ),
      address: labelled(text, /(?:site |physical |postal |business )?address|location/),
      telephone: labelled(text, /telephone|phone|tel\.?|mobile|contact number/),
      email: labelled(text, /e-?mail/) || (/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(text)?.[0] ?? ''),
      website,
      contact_person: labelled(text, /contact person|contact name|responsible person|occupier|owner|manager/),
      operations: labelled(text, /operations|activities|type of (?:operation|business)|scope/),
    },
  };
}

function summarizeHaccp(text: string): HaccpSummary {
  const s = readSections(text, {
    hazard_analysis: /hazard analysis|conduct(?:ing)? a hazard analysis|identify hazards/,
    critical_control_points: /critical control points?|determine (?:the )?critical control points|ccps?\b/,
    critical_limits: /critical limits?|establish critical limits/,
    monitoring_procedures: /monitoring(?: procedures?)?|establish monitoring/,
    corrective_actions: /corrective actions?|establish corrective actions/,
    verification_procedures: /verification(?: procedures?)?|establish verification/,
    record_keeping: /record[- ]?keeping|records and documentation|documentation and records|establish record/,
  });
  return {
    haccp_plan: {
      business_name: labelled(text, /business name|name of business|name of (?:the )?establishment|establishment name|company/),
      scope: labelled(text, /scope|product description|products?/),
      ...s,
      review_date: labelled(text, /review date|date of review|last review(?:ed)?|next review|reviewed on/),
    },
  };
}

function summarizeManagementPlan(text: string): ManagementPlanSummary {
  const s = readSections(text, {
    storage_and_hygiene: /storage(?: and hygiene)?|grain storage|hygiene|cleaning(?: and sanitation)?|sanitation/,
    chemical_handling: /chemical(?:s| handling| use| management)?|pesticide use|agvet chemicals?|spray records?/,
    traceability: /traceability|product identification|batch (?:identification|records)|lot identification/,
    staff_training: /staff training|training|competency|induction/,
    water_and_soil: /water(?: and soil)?|soil(?: management)?|irrigation|environment(?:al management)?/,
  });
  return {
    management_plan: {
      farm_name: labelled(text, /farm name|property name|name of (?:the )?farm|business name|name of (?:the )?establishment/),
      crops: labelled(text, /crops?(?: grown)?|commodit(?:y|ies)|grain types?/),
      ...s,
      review_date: labelled(text, /review date|date of review|last review(?:ed)?|next review|reviewed on/),
    },
  };
}

/** Activity levels as a pest -> level map: "Rats - Low; Mice: None", or one level for every pest. */
function activityMap(raw: string, pests: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const pairs = raw
    .split(/\s*[;,]\s*/)
    .map((p) => /^(.+?)\s*[:=\-–]\s*(.+)$/.exec(p))
    .filter(Boolean) as RegExpExecArray[];
  if (pairs.length) for (const m of pairs) out[m[1].trim()] = m[2].trim();
  else if (raw.trim()) for (const p of pests.length ? pests : ['all']) out[p] = raw.trim();
  return out;
}

const ENTRY_FIELDS = {
  pests: /pests?(?: treating for| treated| targeted| found)?|target pests?/i,
  activity: /(?:pest )?activity(?: level)?|infestation level/i,
  chemicals: /bait(?:s)?\s*\/\s*chemicals?(?: used)?|baits?(?: used)?|chemicals?(?: used)?|products? used|treatment/i,
  areas: /areas?\s*\/\s*sheds?(?: treated)?|areas?(?: treated)?|sheds?(?: treated)?|locations?(?: treated)?/i,
};

function entryFrom(date: string, fields: Partial<Record<keyof typeof ENTRY_FIELDS, string>>): PestControlEntry {
  const pests = splitList(fields.pests ?? '');
  return {
    date: parseDate(date) ?? date.trim(),
    pests_treating_for: pests,
    activity_level: activityMap(fields.activity ?? '', pests),
    bait_chemical_used: splitList(fields.chemicals ?? ''),
    area_shed_treated: splitList(fields.areas ?? ''),
  };
}

/**
 * Pest control log entries, written either as labelled blocks (each starting with "Date: ...") or as a
 * table whose header row names Date, Pests, Activity, Bait/Chemicals and Areas (cells split by '|' or
 * tabs, as the DOCX reader writes table rows).
 */
function summarizePestControl(text: string): PestControlSummary {
  const lines = text.split('\n').map((l) => l.trim());
  const entries: PestControlEntry[] = [];
  const headerIdx = lines.findIndex((l) => /\|.*|\t/.test(l) && /date/i.test(l) && /pest/i.test(l));
  if (headerIdx >= 0) {
    const cells = (l: string) => l.split(/\s*[|\t]\s*/).map((c) => c.trim());
    const header = cells(lines[headerIdx]);
    const col = (re: RegExp) => header.findIndex((h) => re.test(h));
    const idx = {
      date: col(/date/i),
      pests: col(ENTRY_FIELDS.pests),
      activity: col(ENTRY_FIELDS.activity),
      chemicals: col(ENTRY_FIELDS.chemicals),
      areas: col(ENTRY_FIELDS.areas),
    };
    for (const l of lines.slice(headerIdx + 1)) {
      const c = cells(l);
      if (c.length < 3 || !parseDate(c[idx.date] ?? '')) continue;
      const at = (i: number) => (i >= 0 ? (c[i] ?? '') : '');
      entries.push(entryFrom(at(idx.date), { pests: at(idx.pests), activity: at(idx.activity), chemicals: at(idx.chemicals), areas: at(idx.areas) }));
    }
  }
  if (!entries.length) {
    let current: { date: string; fields: Partial<Record<keyof typeof ENTRY_FIELDS, string>> } | undefined;
    for (const l of lines) {
      const d = /^(?:date(?: of (?:service|treatment|visit))?)\s*[:\-–]\s*(.+)$/i.exec(l);
      if (d) {
        if (current) entries.push(entryFrom(current.date, current.fields));
        current = { date: d[1], fields: {} };
        continue;
      }
      if (!current) continue;
      const m = /^(.+?)\s*:\s*(.*)$/.exec(l);
      if (!m) continue;
      for (const key of Object.keys(ENTRY_FIELDS) as Array<keyof typeof ENTRY_FIELDS>) {
        if (new RegExp('^(?:' + ENTRY_FIELDS[key].source + ')$', 'i').test(m[1].trim()) && current.fields[key] === undefined) {
          current.fields[key] = m[2];
          break;
        }
      }
    }
    if (current) entries.push(entryFrom(current.date, current.fields));
  }
  return {
    pest_control_operator: labelled(text, /pest control (?:operator|contractor|company|provider)|technician|licensed operator|operator/),
    entries,
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
