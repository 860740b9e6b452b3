import { farmerInfoOf, type ComplianceDocumentType } from '@grain/domain';
import type { ComplianceDocumentRow, ComplianceRow } from '@grain/persistence';

/** A document as the create screen's dropdowns and summaries read it (docs/spec/farm-data-and-documents.md §3). */
export function documentRecord(d: ComplianceDocumentRow) {
  return {
    _id: d.id,
    document_type: d.documentType,
    created_at: d.createdAt,
    document_summary: d.documentSummary,
    file_name: d.fileName,
    status: d.status,
    error: d.error,
  };
}

/** A list row (docs/spec/farm-data-and-documents.md §3 compliance list record) plus status and totals for the screen. */
export function listRecord(c: ComplianceRow, establishment?: ComplianceDocumentRow | null, creatorName?: string) {
  const name = establishment ? farmerInfoOf(establishment.documentSummary).name : '';
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

export function detailRecord(c: ComplianceRow, docs: ComplianceDocumentRow[]) {
  const chosen = (t: ComplianceDocumentType) => {
    const d = docs.find((x) => x.id === c.documents[t]);
    return d ? documentRecord(d) : null;
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
    uploads: docs.map(documentRecord),
    report: c.report ? { _id: c.id, json_data: c.report } : null,
  };
}
