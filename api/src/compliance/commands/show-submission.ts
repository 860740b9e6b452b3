/** One submission of the caller's company with its documents; another company's answers NOT_FOUND. */
import type { ComplianceDocumentRow, ComplianceRow } from '@grain/persistence';
import { mustHoldFor, ownSubmission } from '../support/access';
import type { ComplianceCaller, ComplianceCommandDeps } from './command-deps';

export async function showSubmission(
  { caller, complianceId }: { caller: ComplianceCaller; complianceId: string },
  deps: ComplianceCommandDeps,
): Promise<{ submission: ComplianceRow; documents: ComplianceDocumentRow[] }> {
  await mustHoldFor(deps.stores, caller, 'viewDocument');
  const submission = await ownSubmission(deps.stores, caller, complianceId);
  return { submission, documents: await deps.stores.compliance.documentsOf(submission.id) };
}
