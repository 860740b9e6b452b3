/**
 * The review step: the user's corrections of a processed document's extracted fields (checked against
 * the review schema of the document's type), saved through the submission's workflow (refused once its
 * audit runs), read by the audit that follows. The document may come from an earlier submission of the company.
 */
import { AppError, reviewedSummarySchemas } from '@grain/domain';
import type { ComplianceDocumentRow } from '@grain/persistence';
import { reviewSummaryUpdate } from '@grain/workflows';
import { parseInput } from '../../http/parse-input';
import { assertOpen, mustHoldFor, ownSubmission } from '../support/access';
import type { ComplianceCaller, ComplianceCommandDeps } from './command-deps';

export interface ReviewSummaryOptions {
  caller: ComplianceCaller;
  complianceId: string;
  documentId: string;
  /** As sent: its shape depends on the document's type. */
  summary: unknown;
}

export async function reviewSummary(o: ReviewSummaryOptions, deps: ComplianceCommandDeps): Promise<ComplianceDocumentRow> {
  await mustHoldFor(deps.stores, o.caller, 'editDocument');
  const { compliance } = deps.stores;
  const doc = await compliance.document(o.documentId, o.caller.companyId);
  if (!doc) throw new AppError('NOT_FOUND');
  if (doc.status !== 'processed') throw new AppError('COMPLIANCE_DOCUMENT_NOT_READY');
  const summary = parseInput<unknown>(reviewedSummarySchemas[doc.documentType], o.summary);
  const c = await ownSubmission(deps.stores, o.caller, o.complianceId, true);
  assertOpen(c);
  await deps.workflows.update(c, reviewSummaryUpdate, { userId: o.caller.access.id, documentId: doc.id, summary });
  return (await compliance.document(doc.id, o.caller.companyId))!;
}
