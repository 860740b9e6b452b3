import type {
  AuditReport,
  ComplianceDocumentType,
  ReportAuditor,
  EstablishmentSummary,
  HaccpSummary,
  ManagementPlanSummary,
  PestControlSummary,
} from '@grain/domain';
import type { Described } from '../port';

/** The four processed documents of a submission, as the audit sees them. */
export interface AuditInput {
  establishment: { summary: EstablishmentSummary; text: string };
  haccpPlan: { summary: HaccpSummary; text: string };
  managementPlan: { summary: ManagementPlanSummary; text: string };
  pestControl: { summary: PestControlSummary; text: string };
}

export type SummaryOf<T extends ComplianceDocumentType> = T extends 'establishment_update'
  ? EstablishmentSummary
  : T extends 'haccp_plan_update'
    ? HaccpSummary
    : T extends 'management_plan_update'
      ? ManagementPlanSummary
      : PestControlSummary;

/**
 * Port: the AI compliance auditor. `summarize` turns a document's text into the structured summary of
 * its type (docs/spec/farm-data-and-documents.md §3 shapes); `audit` checks the four summaries against the regulations and answers
 * one item per check, each naming the regulation and quoting the documents. `asOf` is the audit date
 * (recency checks are relative to it, so a re-run of the same audit gives the same answer).
 * Implementations: RuleBasedAuditor (embedded, deterministic) and OpenAiAuditor (OPENAI_API_KEY).
 * Failures worth retrying throw plain errors; an answer that cannot be used throws AppError
 * AI_SERVICE_FAILED.
 */
export interface Auditor extends Described {
  /** Who audits, as the report tells its reader: the embedded rules (no AI) or an AI model. */
  readonly auditor: ReportAuditor;
  summarize<T extends ComplianceDocumentType>(type: T, text: string): Promise<SummaryOf<T>>;
  audit(input: AuditInput, opts: { asOf: Date }): Promise<AuditReport>;
}
