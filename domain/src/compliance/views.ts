import type { COMPLIANCE_DOCUMENT_TYPES, ComplianceDocumentType } from '../constants';
import type { ComplianceDocumentStatus, ComplianceStatus } from './compliance-kinds';
import type { ReportAuditor, StoredComplianceReport } from './report';
import { farmerInfoOf } from './summaries';

/**
 * The compliance answers on the wire (docs/spec/farm-data-and-documents.md §3), written once: the API
 * builds them with these functions, the activities push the document record on the live channel, and the
 * UI reads the same types.
 */
export interface ComplianceDocumentView {
  _id: string;
  document_type: ComplianceDocumentType;
  created_at: string;
  /** What the audit reads: the user's reviewed summary when there is one, else the extracted one. */
  document_summary: unknown;
  /** The summary as extraction made it, before any correction. */
  extracted_summary: unknown;
  /** Fields the user changed from the extracted summary (correctedFields paths); [] when none. */
  corrected_fields: string[];
  file_name: string;
  status: ComplianceDocumentStatus;
  error: string | null;
}

export interface ComplianceListView {
  _id: string;
  user_id: string;
  creator_name: string | null;
  date_of_issue: string;
  docName: string;
  docId: string;
  status: ComplianceStatus;
  totals: StoredComplianceReport['totals'] | null;
}

export interface ComplianceDetailView {
  _id: string;
  user_id: string;
  status: ComplianceStatus;
  created_at: string;
  date_of_issue: string | null;
  report_error: string | null;
  establishmentData: ComplianceDocumentView | null;
  haccpPlanData: ComplianceDocumentView | null;
  managementPlanData: ComplianceDocumentView | null;
  pestControlData: ComplianceDocumentView | null;
  uploads: ComplianceDocumentView[];
  report: { _id: string; json_data: StoredComplianceReport } | null;
}

/** GET compliance/create: the company's processed documents to pick from, a fresh id, and who audits. */
export interface ComplianceFormInfoAnswer {
  required_documents: ComplianceDocumentView[];
  applicant_id: string;
  auditor: ReportAuditor;
}

/** GET compliance/list and GET /openai/compliance/list: the rows themselves, no envelope (as the spec's AI service answers). */
export type ComplianceListAnswer = ComplianceListView[];

/** GET compliance/{id}. */
export interface ComplianceDetailAnswer {
  compliance: ComplianceDetailView;
}

/** PUT compliance/{id}/documents/{documentId}/summary: the document with the user's review. */
export interface ComplianceDocumentAnswer {
  document: ComplianceDocumentView;
}

/** POST /openai/{segment}/{complianceId}/upload (202): the stored document; extraction follows in the workflow. */
export interface ComplianceUploadAnswer {
  message: string;
  compliance_id: string;
  document: ComplianceDocumentView;
}

/** POST compliance/{id}/getaudit (202): the audit runs in the workflow; the detail shows its report. */
export interface ComplianceAuditStartedAnswer {
  compliance_id: string;
  status: 'auditing';
  complianceTypes: typeof COMPLIANCE_DOCUMENT_TYPES;
}

/** What a view needs of a stored document (the persistence row carries more). */
export interface ComplianceDocumentFacts {
  id: string;
  documentType: ComplianceDocumentType;
  createdAt: string;
  documentSummary: unknown;
  reviewedSummary: unknown;
  correctedFields: string[];
  fileName: string;
  status: ComplianceDocumentStatus;
  error: string | null;
}

/** What a view needs of a stored compliance check. */
export interface ComplianceFacts {
  id: string;
  userId: string;
  status: ComplianceStatus;
  documents: Record<ComplianceDocumentType, string | null>;
  report: StoredComplianceReport | null;
  reportError: string | null;
  dateOfIssue: string | null;
  createdAt: string;
  updatedAt: string;
}

export function documentView(d: ComplianceDocumentFacts): ComplianceDocumentView {
  return {
    _id: d.id,
    document_type: d.documentType,
    created_at: d.createdAt,
    document_summary: d.reviewedSummary ?? d.documentSummary,
    extracted_summary: d.documentSummary,
    corrected_fields: d.correctedFields,
    file_name: d.fileName,
    status: d.status,
    error: d.error,
  };
}

/** A list row plus status and totals for the screen. */
export function complianceListView(c: ComplianceFacts, establishment?: ComplianceDocumentFacts | null, creatorName?: string): ComplianceListView {
  const name = establishment ? farmerInfoOf(establishment.reviewedSummary ?? establishment.documentSummary).name : '';
  return {
    _id: c.id,
    user_id: c.userId,
    creator_name: creatorName || null,
    date_of_issue: (c.dateOfIssue ?? c.updatedAt).slice(0, 10),
    docName: name || `Compliance ${c.createdAt.slice(0, 10)}`,
    docId: c.id,
    status: c.status,
    totals: c.report?.totals ?? null,
  };
}

export function complianceDetailView(c: ComplianceFacts, docs: ComplianceDocumentFacts[]): ComplianceDetailView {
  const chosen = (t: ComplianceDocumentType) => {
    const d = docs.find((x) => x.id === c.documents[t]);
    return d ? documentView(d) : null;
  };
  return {
    _id: c.id,
    user_id: c.userId,
    status: c.status,
    created_at: c.createdAt,
    date_of_issue: c.dateOfIssue,
    report_error: c.reportError,
    establishmentData: chosen('establishment_update'),
    haccpPlanData: chosen('haccp_plan_update'),
    managementPlanData: chosen('management_plan_update'),
    pestControlData: chosen('pest_control_update'),
    uploads: docs.map(documentView),
    report: c.report ? { _id: c.id, json_data: c.report } : null,
  };
}
