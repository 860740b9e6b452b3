import type { ComplianceDocumentType } from '../constants';

/**
 * The compliance activities as the workflow calls them (implemented by createComplianceActivities in
 * @grain/activities). Lives here so the workflow and the activities share one contract without
 * importing each other.
 */
/** Every activity answers a value (see CertificateActivityContract: the Temporal Web UI cannot read `undefined`). */
export interface ComplianceActivityContract {
  /** Extracts text, summarises, stores, publishes upload_*_update. ok=false: permanent failure, already recorded. */
  processComplianceDocument(a: { documentId: string }): Promise<{ ok: boolean; code?: string }>;
  /** Records a processing failure after retries ran out, and tells the uploader. */
  failComplianceDocument(a: { documentId: string; reason: string }): Promise<{ recorded: boolean }>;
  /**
   * Stores the user's review of a processed document's summary (validated by the API against the
   * review schema); answers the fields that differ from the extracted summary.
   */
  saveSummaryReview(a: { documentId: string; userId: string; summary: unknown }): Promise<{ correctedFields: string[] }>;
  setComplianceDocument(a: {
    complianceId: string;
    documentType: ComplianceDocumentType;
    documentId: string;
  }): Promise<{ documentType: ComplianceDocumentType; documentId: string }>;
  markComplianceAuditing(a: { complianceId: string; documents: Partial<Record<ComplianceDocumentType, string>> }): Promise<{ status: 'auditing' }>;
  /** Audits the chosen documents, stores the report, publishes compliance_check_update. */
  runComplianceAudit(a: { complianceId: string; userId: string; asOf: string }): Promise<{ total: number; compliant: number; non_compliant: number }>;
  failComplianceAudit(a: { complianceId: string; userId: string; reason: string }): Promise<{ status: 'failed' }>;
}
