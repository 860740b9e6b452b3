/** What the create form starts with: the company's processed documents to pick from, a new submission id, and who audits. */
import { randomUUID } from 'node:crypto';
import type { ReportAuditor } from '@grain/domain';
import type { ComplianceDocumentRow } from '@grain/persistence';
import { mustHoldFor } from '../support/access';
import type { ComplianceCaller, ComplianceCommandDeps } from './command-deps';

export interface ComplianceFormInfo {
  documents: ComplianceDocumentRow[];
  complianceId: string;
  /** Who reads and audits the documents (rules, or an AI model), so the screen can say it plainly. */
  auditor: ReportAuditor;
}

export async function showFormInfo({ caller }: { caller: ComplianceCaller }, deps: ComplianceCommandDeps): Promise<ComplianceFormInfo> {
  await mustHoldFor(deps.stores, caller, 'viewDocument');
  const documents = await deps.stores.compliance.processedDocuments(caller.companyId);
  return { documents, complianceId: randomUUID(), auditor: deps.adapters.ai.auditor };
}
