/**
 * Submits a submission for its audit with one processed document of each kind (uploaded into it or
 * picked from the company's earlier submissions). Every chosen document is checked before the
 * workflow is asked; the workflow refuses a second audit (its validator decides last).
 */
import { AppError, COMPLIANCE_KINDS, type ComplianceDocumentType, type GetAuditRequest } from '@grain/domain';
import { complianceSubmitUpdate } from '@grain/workflows';
import { mustHoldFor, ownSubmission } from '../support/access';
import type { ComplianceCaller, ComplianceCommandDeps } from './command-deps';

export interface StartAuditOptions {
  caller: ComplianceCaller;
  complianceId: string;
  chosen: GetAuditRequest;
}

export async function startAudit({ caller, complianceId, chosen }: StartAuditOptions, deps: ComplianceCommandDeps): Promise<{ complianceId: string }> {
  await mustHoldFor(deps.stores, caller, 'editDocument');
  const documents: Partial<Record<ComplianceDocumentType, string>> = {};
  for (const k of COMPLIANCE_KINDS) {
    const id = chosen[k.payloadField]?._id;
    if (!id) throw new AppError('COMPLIANCE_INCOMPLETE', { missing: k.documentType });
    const d = await deps.stores.compliance.document(id, caller.companyId);
    if (!d) throw new AppError('NOT_FOUND');
    if (d.documentType !== k.documentType) throw new AppError('COMPLIANCE_DOCUMENT_WRONG_TYPE', { field: k.payloadField });
    if (d.status !== 'processed') throw new AppError('COMPLIANCE_DOCUMENT_NOT_READY', { field: k.payloadField });
    documents[k.documentType] = d.id;
  }
  const c = await ownSubmission(deps.stores, caller, complianceId, true);
  if (c.status === 'audited') throw new AppError('COMPLIANCE_ALREADY_AUDITED');
  await deps.workflows.update(c, complianceSubmitUpdate, { userId: caller.access.id, documents });
  return { complianceId: c.id };
}
