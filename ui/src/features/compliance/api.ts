import type { ComplianceDetailView, ComplianceDocumentView, ComplianceListView, ReportAuditor } from '@grain/domain';
import { api, download } from '../../api/client';

/** The wire shapes, written once in the domain. */
export type ComplianceDocument = ComplianceDocumentView;
export type ComplianceListRow = ComplianceListView;
export type ComplianceDetail = ComplianceDetailView;
export type ComplianceReportRecord = NonNullable<ComplianceDetailView['report']>;

export const complianceApi = {
  list: () => api<ComplianceListRow[]>('/openai/compliance/list'),
  createInfo: () => api<{ required_documents: ComplianceDocument[]; applicant_id: string; auditor?: ReportAuditor }>('compliance/create'),
  detail: (id: string) => api<{ compliance: ComplianceDetail }>(`compliance/${id}`),
  upload: (segment: string, id: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    form.append('compliance_id', id);
    return api<{ document: ComplianceDocument }>(`/openai/${segment}/${id}/upload`, { method: 'POST', form });
  },
  saveSummary: (id: string, documentId: string, summary: unknown) =>
    api<{ document: ComplianceDocument }>(`compliance/${id}/documents/${documentId}/summary`, { method: 'PUT', body: { summary } }),
  getAudit: (id: string, body: Record<string, unknown>) => api(`compliance/${id}/getaudit`, { method: 'POST', body }),
  downloadReport: (id: string) => download(`/openai/compliance/${id}/download`, 'Compliance_Report.pdf'),
};
