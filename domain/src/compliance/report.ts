import { z } from 'zod';
import type { ComplianceDocumentType } from '../constants';

export const AUDIT_RESULTS = ['Compliant', 'Non-Compliant'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];

/** One check of the audit (docs/spec/farm-data-and-documents.md §3): requirement names the regulation; evidence quotes the documents. */
export const auditItemSchema = z.object({
  compliance_check_item: z.string().min(1),
  result: z.enum(AUDIT_RESULTS),
  requirement: z.string(),
  evidence: z.string(),
  recommendations: z.string(),
  /** The same three texts in Vietnamese, when the auditor wrote them (older reports have none). */
  vn: z.object({ requirement: z.string(), evidence: z.string(), recommendations: z.string() }).optional(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

export const auditReportSchema = z.object({
  compliance_audit: z.array(auditItemSchema).min(1),
});
export type AuditReport = z.infer<typeof auditReportSchema>;

/** Who audited: the embedded rules (no AI involved) or an AI model. */
export type ReportAuditor = { kind: 'rules' } | { kind: 'ai'; model: string };

/** Fields of one document the user corrected after extraction, before the audit (paths as correctedFields gives them). */
export interface CorrectedDocumentFields {
  document_type: ComplianceDocumentType;
  fields: string[];
}

/** What is stored and served: the audit plus who audited and when. */
export interface StoredComplianceReport extends AuditReport {
  report_id: string;
  report_date: string;
  /** Inspector label in English (older reports: 'Embedded rule-based auditor', 'AI auditor (OpenAI <model>)'); read it with auditorLabel. */
  inspector: string;
  auditor?: ReportAuditor;
  /** Documents whose extracted fields the user corrected before this audit; absent on older reports. */
  corrected_fields?: CorrectedDocumentFields[];
  totals: { total: number; compliant: number; non_compliant: number };
}

export function reportTotals(items: readonly AuditItem[]) {
  const compliant = items.filter((i) => i.result === 'Compliant').length;
  return { total: items.length, compliant, non_compliant: items.length - compliant };
}

/**
 * The audit list of a report as the old screen read it (docs/spec/farm-data-and-documents.md §3, §8): json_data may be a JSON
 * string of a list, a list, or an object with compliance_audit; anything else is an empty report.
 */
export function auditItemsOf(jsonData: unknown): AuditItem[] {
  let v = jsonData;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return [];
    }
  }
  const list = Array.isArray(v) ? v : (v as { compliance_audit?: unknown } | null)?.compliance_audit;
  if (!Array.isArray(list)) return [];
  return list.filter((x): x is AuditItem => !!x && typeof x === 'object' && typeof (x as AuditItem).compliance_check_item === 'string');
}

/** Body of POST compliance/{id}/getaudit (docs/spec/farm-data-and-documents.md §7): each *Data is the chosen document record. */
const chosenDocument = z.object({ _id: z.string().uuid() }).passthrough();
export const getAuditRequestSchema = z.object({
  user_id: z.string().optional(),
  application_id: z.string().uuid().optional(),
  establishmentData: chosenDocument.optional().nullable(),
  haccpPlanData: chosenDocument.optional().nullable(),
  pestControlData: chosenDocument.optional().nullable(),
  managementPlanData: chosenDocument.optional().nullable(),
});
export type GetAuditRequest = z.infer<typeof getAuditRequestSchema>;
