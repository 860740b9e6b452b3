/**
 * Update a company document: its name, type, description and optionally its file. A new file is a new
 * file version; the bytes it replaced stay while any certificate holds that version (a certificate is
 * signed over the bytes of the version it holds), and are removed only when none does.
 */
import { AppError, type CompanyDocument, type DocumentType } from '@grain/domain';
import type { FileStorage } from '@grain/adapters';
import type { NewDocument, Stores } from '@grain/persistence';

export interface UpdateDocumentOptions {
  companyId: string;
  userId: string;
  documentId: string;
  /** The version the caller edited (the lost-update guard). */
  version: number;
  fields: { docName?: string; docType?: DocumentType; description?: string };
  /** The new file, already stored. */
  file?: Omit<NewDocument, 'docName' | 'docType' | 'description'>;
}

export async function updateDocument(o: UpdateDocumentOptions, deps: { stores: Stores; storage: FileStorage }): Promise<CompanyDocument> {
  const { documents, certificates } = deps.stores;
  const result = await documents.update(o.companyId, o.documentId, o.version, { ...o.fields, file: o.file }, o.userId);
  if (result === null || result === 'conflict') {
    if (o.file) await deps.storage.remove(o.file.storageKey);
    throw new AppError(result === null ? 'NOT_FOUND' : 'CONFLICT');
  }
  const old = result.replaced;
  if (old && !(await certificates.holdsDocumentVersion(o.companyId, o.documentId, old.version))) {
    const key = await documents.removeFileVersion(o.companyId, o.documentId, old.version);
    if (key) await deps.storage.remove(key);
  }
  return result.doc;
}
