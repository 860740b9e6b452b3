import type {
  ComplianceAuditStartedAnswer,
  ComplianceDetailAnswer,
  ComplianceDetailView,
  ComplianceDocumentAnswer,
  ComplianceDocumentView,
  ComplianceFormInfoAnswer,
  ComplianceListAnswer,
  ComplianceListView,
  ComplianceUploadAnswer,
} from '@grain/domain';
import { api, download } from '../../api/client';

/** The wire shapes and answers, written once in the domain (domain/src/compliance/views.ts). */
export type ComplianceDocument = ComplianceDocumentView;
export type ComplianceListRow = ComplianceListView;
export type ComplianceDetail = ComplianceDetailView;
export type ComplianceReportRecord = NonNullable<ComplianceDetailView['report']>;

export const complianceApi = {
  list: () => api<ComplianceListAnswer>('/openai/compliance/list'),
  createInfo: () => api<ComplianceFormInfoAnswer>('compliance/create'),
  detail: (id: string) => api<ComplianceDetailAnswer>(`compliance/${id}`),
  upload: (segment: string, id: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    form.append('compliance_id', id);
    return api<ComplianceUploadAnswer>(`/openai/${segment}/${id}/upload`, { method: 'POST', form });
  },
  saveSummary: (id: string, documentId: string, summary: unknown) =>
    api<ComplianceDocumentAnswer>(`compliance/${id}/documents/${documentId}/summary`, { method: 'PUT', body: { summary } }),
  getAudit: (id: string, body: Record<string, unknown>) => api<ComplianceAuditStartedAnswer>(`compliance/${id}/getaudit`, { method: 'POST', body }),
  downloadReport: (id: string) => download(`/openai/compliance/${id}/download`, 'Compliance_Report.pdf'),
};
