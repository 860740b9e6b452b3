import type {
  ActionOwnersAnswer,
  ActionSeverity,
  AuditActionsAnswer,
  CorrectiveActionAnswer,
  CorrectiveActionListAnswer,
  CorrectiveActionSummaryAnswer,
  CreateCorrectiveActionsAnswer,
  EvidenceUploadAnswer,
  OpenCriticalActionsAnswer,
  WaitingActionsAnswer,
} from '@grain/domain';
import { api } from '../../api/client';

/** The corrective-action calls; the answers are the domain's types (domain/src/corrective-actions/views.ts). */
export const actionsApi = {
  list: (status?: string) => api<CorrectiveActionListAnswer>(`corrective-actions${status ? `?status=${encodeURIComponent(status)}` : ''}`),
  summary: () => api<CorrectiveActionSummaryAnswer>('corrective-actions/summary'),
  waiting: () => api<WaitingActionsAnswer>('corrective-actions/waiting'),
  openCritical: () => api<OpenCriticalActionsAnswer>('corrective-actions/open-critical'),
  owners: () => api<ActionOwnersAnswer>('corrective-actions/owners'),
  audit: (complianceId: string) => api<AuditActionsAnswer>(`corrective-actions/audit/${complianceId}`),
  detail: (id: string) => api<CorrectiveActionAnswer>(`corrective-actions/${id}`),
  create: (
    body:
      | { complianceId: string; items: Array<{ checkIndex: number; severity: ActionSeverity; ownerId: string; dueAt?: string }> }
      | { complianceId: string; all: true; ownerId: string },
  ) => api<CreateCorrectiveActionsAnswer>('corrective-actions', { method: 'POST', body }),
  start: (id: string) => api<CorrectiveActionAnswer>(`corrective-actions/${id}/start`, { method: 'POST' }),
  upload: (id: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api<EvidenceUploadAnswer>(`corrective-actions/${id}/evidence`, { method: 'POST', form });
  },
  removeEvidence: (id: string, evidenceId: string) => api<{ removed: true }>(`corrective-actions/${id}/evidence/${evidenceId}`, { method: 'DELETE' }),
  submitFix: (id: string, note: string, evidenceIds: string[]) =>
    api<CorrectiveActionAnswer>(`corrective-actions/${id}/fix`, { method: 'POST', body: { note, evidenceIds } }),
  verify: (id: string) => api<CorrectiveActionAnswer>(`corrective-actions/${id}/verify`, { method: 'POST' }),
  reopen: (id: string, reason: string) => api<CorrectiveActionAnswer>(`corrective-actions/${id}/reopen`, { method: 'POST', body: { reason } }),
  reassign: (id: string, ownerId: string) => api<CorrectiveActionAnswer>(`corrective-actions/${id}/reassign`, { method: 'POST', body: { ownerId } }),
  redate: (id: string, dueAt: string) => api<CorrectiveActionAnswer>(`corrective-actions/${id}/redate`, { method: 'POST', body: { dueAt } }),
};
