import { api, download } from '../../api/client';

export interface ComplianceDocument {
  _id: string;
  document_type: string;
  created_at: string;
  document_summary: unknown;
  file_name: string;
  status: 'processing' | 'processed' | 'failed';
  error: string | null;
}
export interface ComplianceListRow {
  _id: string;
  user_id: string;
  creator_name: string | null;
  date_of_issue: string;
  docName: string;
  docId: string;
  status: string;
  totals: { total: number; compliant: number; non_compliant: number } | null;
}
export interface ComplianceReportRecord {
  _id: string;
  json_data: unknown;
}
export interface ComplianceDetail {
  _id: string;
  status: string;
  report_error: string | null;
  establishmentData: ComplianceDocument | null;
  haccpPlanData: ComplianceDocument | null;
  managementPlanData: ComplianceDocument | null;
  pestControlData: ComplianceDocument | null;
  uploads: ComplianceDocument[];
  report: ComplianceReportRecord | null;
}

export const complianceApi = {
  list: () => api<ComplianceListRow[]>('/openai/compliance/list'),
  createInfo: () => api<{ required_documents: ComplianceDocument[]; applicant_id: string }>('compliance/create'),
  detail: (id: string) => api<{ compliance: ComplianceDetail }>(`compliance/${id}`),
  upload: (segment: string, id: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    form.append('compliance_id', id);
    return api<{ document: ComplianceDocument }>(`/openai/${segment}/${id}/upload`, { method: 'POST', form });
  },
  getAudit: (id: string, body: Record<string, unknown>) => api(`compliance/${id}/getaudit`, { method: 'POST', body }),
  downloadReport: (id: string) => download(`/openai/compliance/${id}/download`, 'Compliance_Report.pdf'),
};
