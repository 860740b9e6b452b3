import type { ComplianceDocumentType } from '../constants';

/**
 * The four supporting documents of a compliance submission (docs/spec/farm-data-and-documents.md §1, §3, §7): the AI-service
 * upload path segment, the stored document_type, the live message type sent when it is processed, and
 * the summary's top-level key.
 */
export interface ComplianceKind {
  /** Segment of POST /openai/{segment}/{compliance_id}/upload. */
  segment: 'establishment' | 'haccp-plan' | 'management-plan' | 'pest-control';
  documentType: ComplianceDocumentType;
  liveType: ComplianceLiveType;
  /** Field of the getaudit payload that carries this document (docs/spec/farm-data-and-documents.md §7). */
  payloadField: 'establishmentData' | 'haccpPlanData' | 'managementPlanData' | 'pestControlData';
}

export const COMPLIANCE_LIVE_TYPES = [
  'upload_establishment_update',
  'upload_haccp_plan_update',
  'upload_management_plan_update',
  'upload_pest_control_update',
  'compliance_check_update',
] as const;
export type ComplianceLiveType = (typeof COMPLIANCE_LIVE_TYPES)[number];

export const COMPLIANCE_KINDS: readonly ComplianceKind[] = [
  { segment: 'establishment', documentType: 'establishment_update', liveType: 'upload_establishment_update', payloadField: 'establishmentData' },
  { segment: 'haccp-plan', documentType: 'haccp_plan_update', liveType: 'upload_haccp_plan_update', payloadField: 'haccpPlanData' },
  { segment: 'management-plan', documentType: 'management_plan_update', liveType: 'upload_management_plan_update', payloadField: 'managementPlanData' },
  { segment: 'pest-control', documentType: 'pest_control_update', liveType: 'upload_pest_control_update', payloadField: 'pestControlData' },
];

export function kindOfType(t: ComplianceDocumentType): ComplianceKind {
  const k = COMPLIANCE_KINDS.find((x) => x.documentType === t);
  if (!k) throw new Error(`unknown compliance document type ${t}`);
  return k;
}
export function kindOfSegment(segment: string): ComplianceKind | undefined {
  return COMPLIANCE_KINDS.find((x) => x.segment === segment);
}

/** Lifecycle of a submission: documents being gathered, audit running, report stored, audit failed. */
export const COMPLIANCE_STATUSES = ['draft', 'auditing', 'audited', 'failed'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

/** Lifecycle of one uploaded document. */
export const COMPLIANCE_DOCUMENT_STATUSES = ['processing', 'processed', 'failed'] as const;
export type ComplianceDocumentStatus = (typeof COMPLIANCE_DOCUMENT_STATUSES)[number];

/** File types the text extractor reads (docs/spec/farm-data-and-documents.md §5 accepts more for documents; these carry text). */
export const COMPLIANCE_UPLOAD_EXTENSIONS = ['pdf', 'docx', 'txt'] as const;
