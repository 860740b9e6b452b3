import type { AuditInput } from './auditor';
import { REGULATIONS as R } from './regulations';
import { DAY, item, PEST_RECENCY_DAYS, q, substantial, type Check } from './rule-checks';
import { parseDate } from './text-values';

const entriesOf = (i: AuditInput) => i.pestControl.summary.entries;
const describeEntry = (e: AuditInput['pestControl']['summary']['entries'][number]) =>
  `${e.date}: ${e.pests_treating_for.join(', ') || 'no pests named'}; ${e.bait_chemical_used.join(', ') || 'no bait/chemical named'}; ${e.area_shed_treated.join(', ') || 'no area named'}`;

const pestRecent: Check = (input, asOf) => {
  const dated = entriesOf(input)
    .map((e) => ({ e, iso: parseDate(e.date) }))
    .filter((x) => x.iso)
    .sort((a, b) => b.iso!.localeCompare(a.iso!));
  const latest = dated[0];
  const age = latest ? Math.floor((asOf.getTime() - Date.parse(latest.iso!)) / DAY) : undefined;
  return item(
    'pest_control_records_recent',
    age !== undefined && age <= PEST_RECENCY_DAYS,
    `${R.exportControl}: premises where prescribed grain is stored are kept free of pests under a documented pest control program; ${R.fsanz322}, clause 24 (animals and pests); ${R.fssaiSchedule4}.`,
    latest
      ? `Latest of ${entriesOf(input).length} log entries: "${describeEntry(latest.e)}" — ${age} days before the audit date (limit ${PEST_RECENCY_DAYS}).`
      : 'The pest control plan contains no dated treatment or inspection entries.',
    `Inspect and treat at least every ${PEST_RECENCY_DAYS} days (monthly during storage season) and record each visit in the pest control log.`,
    'Keep the inspection interval; retain the log with the export documentation.',
  );
};

const everyEntry =
  (name: string, field: 'bait_chemical_used' | 'area_shed_treated', what: string, requirement: string, fix: string): Check =>
  (input) => {
    const entries = entriesOf(input);
    const lacking = entries.filter((e) => e[field].length === 0);
    const ok = entries.length > 0 && lacking.length === 0;
    const named = [...new Set(entries.flatMap((e) => e[field]))];
    return item(
      name,
      ok,
      requirement,
      !entries.length
        ? 'No pest control log entries were found.'
        : `${entries.length - lacking.length} of ${entries.length} entries name the ${what}${named.length ? `: "${named.slice(0, 8).join('", "')}"` : ''}.` +
            (lacking.length ? ` Entries without it: ${lacking.map((e) => e.date).join(', ')}.` : ''),
      fix,
      'Continue recording this for every treatment.',
    );
  };

const pestChemicals = everyEntry(
  'pest_control_chemicals_recorded',
  'bait_chemical_used',
  'bait or chemical used',
  `${R.agvet}: each treatment records the registered product used; ${R.exportControl} (records of treatments applied to prescribed goods and premises).`,
  'Record the product name, active constituent and rate of every bait or chemical applied, and use only APVMA-registered products approved for grain storage.',
);
const pestAreas = everyEntry(
  'pest_control_areas_recorded',
  'area_shed_treated',
  'areas or sheds treated',
  `${R.exportControl}; ${R.fsanz322}, clause 24: the places treated must be identifiable so contamination of stored grain can be ruled out.`,
  'Record which silo, shed or area each treatment covered (a site map with numbered bait stations helps).',
);

const pestActivity: Check = (input) => {
  const entries = entriesOf(input);
  const lacking = entries.filter((e) => !e.pests_treating_for.length || !Object.keys(e.activity_level).length);
  const ok = entries.length > 0 && lacking.length === 0;
  const sample = entries.find((e) => Object.keys(e.activity_level).length);
  return item(
    'pest_activity_monitoring',
    ok,
    `${R.fssaiSchedule4}; ${R.fsanz322}, clause 24: pest activity is monitored so that treatment responds to what is found.`,
    !entries.length
      ? 'No pest control log entries were found.'
      : `${entries.length - lacking.length} of ${entries.length} entries record target pests and activity levels` +
          (sample
            ? `, e.g. ${sample.date}: "${Object.entries(sample.activity_level)
                .map(([k, v]) => `${k}: ${v}`)
                .join(', ')}"`
            : '') +
          '.' +
          (lacking.length ? ` Missing on: ${lacking.map((e) => e.date).join(', ')}.` : ''),
    'Record, for each visit, the pests targeted and the activity level found at each station (none / low / medium / high).',
    'Trend activity levels over time and escalate when activity rises.',
  );
};

const planSection =
  (name: string, key: 'storage_and_hygiene' | 'chemical_handling' | 'traceability' | 'staff_training', what: string, requirement: string, fix: string): Check =>
  ({ managementPlan }) => {
    const v = managementPlan.summary.management_plan[key];
    return item(
      name,
      substantial(v),
      requirement,
      v ? q(what, v) : `The farm management plan has no ${what.toLowerCase()} section.`,
      fix,
      `Keep the ${what.toLowerCase()} procedures in the annual review.`,
    );
  };

const planStorage = planSection(
  'management_plan_storage_hygiene',
  'storage_and_hygiene',
  'Storage and hygiene',
  `${R.exportControl}: prescribed grain is stored so that it is free of pests, contaminants and residues; ${R.fsanz322} (cleanliness and storage).`,
  'Describe how silos, sheds and equipment are cleaned and inspected before harvest and how stored grain is protected from contamination.',
);
const planChemicals = planSection(
  'management_plan_chemical_handling',
  'chemical_handling',
  'Chemical handling',
  `${R.agvet}: only registered chemicals used per label, with withholding periods observed and applications recorded; Australia New Zealand Food Standards Code, Schedule 20 (maximum residue limits).`,
  'Add chemical handling: approved product list, storage away from grain, withholding periods, and spray/fumigation records.',
);
const planTraceability = planSection(
  'management_plan_traceability',
  'traceability',
  'Traceability',
  `${R.exportControlAct} and ${R.exportControl}: exported goods must be traceable to their source; FSSAI Food Safety and Standards (Food Recall Procedure) Regulations, 2017.`,
  'Describe how each load is identified (paddock, silo, lot or batch number) from harvest to outturn, and how records are kept.',
);
const planTraining = planSection(
  'management_plan_staff_training',
  'staff_training',
  'Staff training',
  `${R.fsanz322}, clause 3 (skills and knowledge); ${R.fssaiSchedule4} (training of food handlers).`,
  'Record who is trained in grain hygiene, chemical handling and HACCP, when, and when refresher training is due.',
);

/** Cross-check: the plans belong to the registered establishment (same business named). */
const consistentBusiness: Check = ({ establishment, haccpPlan, managementPlan }) => {
  const reg = establishment.summary.establishment_registration_document.name_of_establishment;
  const key = (s: string) =>
    s
      .toLowerCase()
      .replace(/\b(pty|ltd|limited|inc|co|the|farm|farms|and|&)\b/g, ' ')
      .replace(/[^a-z0-9 ]/g, ' ')
      .split(/\s+/)
      .filter((w) => w.length > 2);
  const regWords = key(reg);
  const others = [haccpPlan.summary.haccp_plan.business_name, managementPlan.summary.management_plan.farm_name].filter(Boolean);
  const match = others.find((o) => key(o).some((w) => regWords.includes(w)));
  return item(
    'documents_name_same_establishment',
    !!reg && !!match,
    `${R.exportControl}: the approved arrangement and its plans must relate to the registered establishment.`,
    `${reg ? q('Establishment', reg) : 'The establishment document names no establishment.'}${others.length ? ' Plans name: ' + others.map((o) => `"${o}"`).join(', ') + '.' : ' The plans name no business.'}`,
    'Make sure the HACCP plan and the farm management plan name the registered establishment.',
    'Update all plans together when the business name changes.',
  );
};

export const FARM_CHECKS: Check[] = [
  pestRecent,
  pestChemicals,
  pestAreas,
  pestActivity,
  planStorage,
  planChemicals,
  planTraceability,
  planTraining,
  consistentBusiness,
];
