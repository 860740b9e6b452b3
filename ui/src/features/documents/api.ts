import type { CompanyDocument, DocumentAnswer, DocumentFormInfoAnswer, DocumentListAnswer, DocumentSavedAnswer } from '@grain/domain';
import { api, download } from '../../api/client';

export type { CompanyDocument };

/** Document calls of docs/spec/farm-data-and-documents.md §7 (paths under /api/). */
export const documentsApi = {
  list: (q?: string) => api<DocumentListAnswer>(`company/documentes${q ? `?q=${encodeURIComponent(q)}` : ''}`).then((r) => r.documents),
  types: () => api<DocumentFormInfoAnswer>('company/document/create').then((r) => r.documentTypes),
  detail: (id: string) => api<DocumentAnswer>(`company/document/${encodeURIComponent(id)}/detail`).then((r) => r.document),
  create: (form: FormData) => api<DocumentSavedAnswer>('company/document/create', { form }).then((r) => r.documents),
  update: (id: string, form: FormData) => api<DocumentSavedAnswer>(`company/document/${encodeURIComponent(id)}/update`, { form }).then((r) => r.document),
  /** The file bytes (for the viewer). */
  file: (id: string) => api<Blob>(`company/document/${encodeURIComponent(id)}`),
  download: (d: CompanyDocument) => download(`company/document/${encodeURIComponent(d.docId)}?download=1`, d.file.name),
};
