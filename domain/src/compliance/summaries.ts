import { z } from 'zod';

/**
 * Structured summaries of the four documents, in the shapes the spec's screens read (docs/spec/farm-data-and-documents.md §3).
 * Both auditors (rule-based and OpenAI) produce exactly these; strings are quoted from the document,
 * '' when the document does not say.
 */
export const establishmentSummarySchema = z.object({
  establishment_registration_document: z.object({
    name_of_establishment: z.string(),
    registration_number: z.string(),
    address: z.string(),
    telephone: z.string(),
    email: z.string(),
    website: z.string(),
    contact_person: z.string(),
    operations: z.string(),
  }),
});
export type EstablishmentSummary = z.infer<typeof establishmentSummarySchema>;

/** The seven HACCP principles (Codex CXC 1-1969), in order; keys of haccp_plan.principles. */
export const HACCP_PRINCIPLES = [
  'hazard_analysis',
  'critical_control_points',
  'critical_limits',
  'monitoring_procedures',
  'corrective_actions',
  'verification_procedures',
  'record_keeping',
] as const;
export type HaccpPrinciple = (typeof HACCP_PRINCIPLES)[number];

export const haccpSummarySchema = z.object({
  haccp_plan: z.object({
    business_name: z.string(),
    scope: z.string(),
    hazard_analysis: z.string(),
    critical_control_points: z.string(),
    critical_limits: z.string(),
    monitoring_procedures: z.string(),
    corrective_actions: z.string(),
    verification_procedures: z.string(),
    record_keeping: z.string(),
    review_date: z.string(),
  }),
});
export type HaccpSummary = z.infer<typeof haccpSummarySchema>;

export const managementPlanSummarySchema = z.object({
  management_plan: z.object({
    farm_name: z.string(),
    crops: z.string(),
    storage_and_hygiene: z.string(),
    chemical_handling: z.string(),
    traceability: z.string(),
    staff_training: z.string(),
    water_and_soil: z.string(),
    review_date: z.string(),
  }),
});
export type ManagementPlanSummary = z.infer<typeof managementPlanSummarySchema>;

export const pestControlEntrySchema = z.object({
  date: z.string(),
  pests_treating_for: z.array(z.string()),
  activity_level: z.record(z.string(), z.string()),
  bait_chemical_used: z.array(z.string()),
  area_shed_treated: z.array(z.string()),
});
export type PestControlEntry = z.infer<typeof pestControlEntrySchema>;
export const pestControlSummarySchema = z.object({
  pest_control_operator: z.string(),
  entries: z.array(pestControlEntrySchema),
});
export type PestControlSummary = z.infer<typeof pestControlSummarySchema>;

export type ComplianceSummary = EstablishmentSummary | HaccpSummary | ManagementPlanSummary | PestControlSummary;

/**
 * Farmer's information for the report (docs/spec/farm-data-and-documents.md §2), read from the establishment summary. The old
 * screen also accepted `name` and `establishment_name`; so do we. Missing values stay '' (shown N/A).
 */
export function farmerInfoOf(summary: unknown): { name: string; address: string; contact: string; website: string } {
  const s = (typeof summary === 'string' ? safeJson(summary) : summary) as Record<string, unknown> | undefined;
  const doc = (s?.establishment_registration_document ?? s ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    name: str(doc.name_of_establishment) || str(doc.name) || str(doc.establishment_name),
    address: str(doc.address),
    contact: str(doc.telephone) || str(doc.email) || str(doc.contact_person),
    website: str(doc.website),
  };
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
