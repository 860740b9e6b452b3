import { HACCP_PRINCIPLES, type AuditItem, type HaccpPrinciple } from '@grain/domain';
import type { AuditInput } from './auditor';
import { REGULATIONS as R } from './regulations';
import { parseDate } from './text-values';

/**
 * The embedded auditor's checks. Each looks at the structured summaries, decides Compliant or
 * Non-Compliant for a stated reason, cites the regulation, and quotes what the documents say (or says
 * plainly what they do not say).
 */
export type Check = (input: AuditInput, asOf: Date) => AuditItem;

const q = (label: string, value: string) => `${label}: "${value.length > 220 ? value.slice(0, 220).replace(/\s\S*$/, '') + ' …' : value}"`;
const DAY = 86_400_000;
const PEST_RECENCY_DAYS = 90;
const PLAN_REVIEW_DAYS = 366;
const PRINCIPLE_LABEL: Record<HaccpPrinciple, string> = {
  hazard_analysis: '1 hazard analysis',
  critical_control_points: '2 critical control points',
  critical_limits: '3 critical limits',
  monitoring_procedures: '4 monitoring',
  corrective_actions: '5 corrective actions',
  verification_procedures: '6 verification',
  record_keeping: '7 record keeping',
};
const substantial = (s: string) => s.replace(/\s/g, '').length >= 15;
const item = (name: string, ok: boolean, requirement: string, evidence: string, fix: string, keep: string): AuditItem => ({
  compliance_check_item: name,
  result: ok ? 'Compliant' : 'Non-Compliant',
  requirement,
  evidence,
  recommendations: ok ? keep : fix,
});

const establishmentDetails: Check = ({ establishment }) => {
  const d = establishment.summary.establishment_registration_document;
  const contact = d.telephone || d.email;
  const missing = [!d.name_of_establishment && 'name of the establishment', !d.address && 'address', !contact && 'contact telephone or e-mail'].filter(Boolean);
  const found = [
    d.name_of_establishment && q('Name', d.name_of_establishment),
    d.address && q('Address', d.address),
    d.telephone && q('Telephone', d.telephone),
    d.email && q('E-mail', d.email),
  ].filter(Boolean);
  return item(
    'establishment_registration_details',
    missing.length === 0,
    `${R.exportControl}: a registered establishment is identified by the occupier's name, the establishment's physical address and a contact; ${R.fssaiLicensing} require the same particulars.`,
    `${found.join('; ') || 'The establishment registration states no name, address or contact.'}${missing.length ? ` Missing: ${missing.join(', ')}.` : ''}`,
    `Add the ${missing.join(', ')} to the establishment registration exactly as registered with the Department of Agriculture, Fisheries and Forestry (or on the FSSAI licence).`,
    'Keep the registration details current; notify the Department within the required time when they change.',
  );
};

const establishmentNumber: Check = ({ establishment }) => {
  const n = establishment.summary.establishment_registration_document.registration_number;
  return item(
    'establishment_registration_number',
    !!n,
    `${R.exportControl}: prescribed grain for export must be prepared at a registered establishment, identified by its establishment registration number.`,
    n ? q('Registration number', n) : 'No establishment registration or licence number appears in the establishment document.',
    'Quote the establishment registration number (or FSSAI licence number) on the registration document and on export documentation.',
    'Quote this number on export documentation and notices of intention.',
  );
};

const haccpPrinciples: Check = ({ haccpPlan }) => {
  const p = haccpPlan.summary.haccp_plan;
  const covered = HACCP_PRINCIPLES.filter((k) => substantial(p[k]));
  const missing = HACCP_PRINCIPLES.filter((k) => !covered.includes(k));
  return item(
    'haccp_seven_principles',
    missing.length === 0,
    `${R.codexHaccp}: a HACCP plan applies all seven principles; ${R.fsanz321} requires a food safety program that systematically identifies and controls hazards.`,
    `${covered.length} of 7 principles documented${covered.length ? ` (${covered.map((k) => PRINCIPLE_LABEL[k]).join(', ')})` : ''}.` +
      (covered.length ? ` For example ${q(PRINCIPLE_LABEL[covered[0]], p[covered[0]])}.` : '') +
      (missing.length ? ` Not documented: ${missing.map((k) => PRINCIPLE_LABEL[k]).join(', ')}.` : ''),
    `Add a section for each missing principle (${missing.map((k) => PRINCIPLE_LABEL[k]).join(', ')}), stating who does what, how often, and where it is recorded.`,
    'Review the HACCP plan whenever the process, products or hazards change.',
  );
};

const haccpLimits: Check = ({ haccpPlan }) => {
  const limits = haccpPlan.summary.haccp_plan.critical_limits;
  const measurable = /\d+(?:[.,]\d+)?\s*(?:%|°\s*[CF]|deg|ppm|ppb|mg\/kg|µg\/kg|ug\/kg|hours?|hrs?|days?|minutes?|mins?|kg|g\b|ml|l\b|mm)/i.exec(limits);
  return item(
    'haccp_critical_limits_measurable',
    !!measurable,
    `${R.codexHaccp}, principle 3: each critical control point has a measurable critical limit; ${R.fsanz321}.`,
    limits
      ? `${q('Critical limits', limits)}${measurable ? '' : ' — no measurable value (number with unit) is stated.'}`
      : 'The HACCP plan states no critical limits.',
    'State a measurable limit for each CCP (for example grain moisture ≤ 12.5 %, fumigant exposure ≥ 7 days at ≥ 15 °C, mycotoxin ≤ 5 µg/kg).',
    'Validate the limits against current receival standards each season.',
  );
};

const haccpMonitoringCorrective: Check = ({ haccpPlan }) => {
  const p = haccpPlan.summary.haccp_plan;
  const ok = substantial(p.monitoring_procedures) && substantial(p.corrective_actions);
  const ev = [
    p.monitoring_procedures && q('Monitoring', p.monitoring_procedures),
    p.corrective_actions && q('Corrective actions', p.corrective_actions),
  ].filter(Boolean);
  return item(
    'haccp_monitoring_and_corrective_actions',
    ok,
    `${R.codexHaccp}, principles 4 and 5; ${R.fsanz321}: monitoring of each CCP and the corrective action to take when a limit is exceeded must be documented.`,
    ev.join('; ') || 'Neither monitoring procedures nor corrective actions are documented.',
    'Document how each CCP is monitored (what, how, how often, by whom) and what is done with affected grain when a limit is exceeded.',
    'Keep monitoring and corrective action records for at least the retention period required by the importing country.',
  );
};

const reviewedWithinYear = (name: string, what: string, date: string, asOf: Date, requirement: string): AuditItem => {
  const iso = parseDate(date);
  const age = iso ? (asOf.getTime() - Date.parse(iso)) / DAY : undefined;
  const ok = age !== undefined && age <= PLAN_REVIEW_DAYS && age >= -PLAN_REVIEW_DAYS;
  return item(
    name,
    ok,
    requirement,
    date
      ? `${q('Review date', date)}${iso && !ok ? ` — ${Math.round(age!)} days before the audit date.` : ''}${!iso ? ' — not a recognisable date.' : ''}`
      : `The ${what} states no review date.`,
    `Review the ${what} at least annually and record the review date on the document.`,
    `Next review due by ${iso ? new Date(Date.parse(iso) + 365 * DAY).toISOString().slice(0, 10) : 'the anniversary of this review'}.`,
  );
};

const haccpReview: Check = ({ haccpPlan }, asOf) =>
  reviewedWithinYear(
    'haccp_plan_review',
    'HACCP plan',
    haccpPlan.summary.haccp_plan.review_date,
    asOf,
    `${R.fsanz321}: the food safety program is reviewed at least annually.`,
  );

export {
  establishmentDetails,
  establishmentNumber,
  haccpPrinciples,
  haccpLimits,
  haccpMonitoringCorrective,
  haccpReview,
  item,
  q,
  substantial,
  DAY,
  PEST_RECENCY_DAYS,
};
