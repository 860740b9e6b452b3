/**
 * Stores one document of a kind (establishment, HACCP plan, management plan, pest control) into a
 * submission that is still open, and has its workflow process it (text extraction and summary; the
 * result arrives on the live channel).
 */
import { AppError, type ComplianceKind } from '@grain/domain';
import type { ComplianceDocumentRow } from '@grain/persistence';
import { assertOpen, mustHoldFor, ownSubmission } from '../support/access';
import { checkDocumentFile } from '../support/document-file';
import type { ComplianceCaller, ComplianceCommandDeps } from './command-deps';

export interface UploadDocumentOptions {
  caller: ComplianceCaller;
  complianceId: string;
  kind: ComplianceKind;
  file: { path: string; originalName: string; size: number; mime: string } | undefined;
}

export async function uploadDocument({ caller, complianceId, kind, file }: UploadDocumentOptions, deps: ComplianceCommandDeps): Promise<ComplianceDocumentRow> {
  await mustHoldFor(deps.stores, caller, 'editDocument');
  if (!file || !file.size) throw new AppError('SELECT_FILE');
  const { fileName, ext } = await checkDocumentFile(file.originalName, file.path);
  const c = await ownSubmission(deps.stores, caller, complianceId, true);
  assertOpen(c);
  const storageKey = await deps.adapters.storage.putFile(file.path, { ext, prefix: 'compliance' });
  const doc = await deps.stores.compliance.addDocument({
    companyId: c.companyId,
    userId: caller.access.id,
    complianceId: c.id,
    documentType: kind.documentType,
    fileName,
    storageKey,
    mime: file.mime,
    size: file.size,
  });
  await deps.workflows.documentUploaded(c, { documentId: doc.id, documentType: kind.documentType });
  return doc;
}
