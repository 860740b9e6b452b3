/**
 * The audit report of a submission as a PDF, in the caller's language; its last section lists the farm's
 * corrective actions (this audit's and earlier ones') for a caller who may see them.
 */
import { AppError, can, documentView, farmOfEstablishment, type Language } from '@grain/domain';
import { mustHoldFor, ownSubmission } from '../support/access';
import { complianceReportHtml } from '../support/report-html';
import type { ComplianceCaller, ComplianceCommandDeps } from './command-deps';

export async function downloadReport(
  { caller, complianceId, lang }: { caller: ComplianceCaller; complianceId: string; lang: Language },
  deps: ComplianceCommandDeps,
): Promise<Buffer> {
  await mustHoldFor(deps.stores, caller, 'viewDocument');
  const { compliance, correctiveActions } = deps.stores;
  const c = await ownSubmission(deps.stores, caller, complianceId);
  if (!c.report) throw new AppError('COMPLIANCE_REPORT_MISSING');
  const est = c.documents.establishment_update ? await compliance.document(c.documents.establishment_update, c.companyId) : null;
  const summary = est ? documentView(est).document_summary : undefined;
  const actions = can(caller.access, 'viewCorrectiveAction') ? await correctiveActions.list(c.companyId, { farm: farmOfEstablishment(summary) }) : [];
  return deps.adapters.pdf.render(complianceReportHtml(c.report, summary, lang, actions));
}
