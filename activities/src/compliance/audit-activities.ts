import {
  auditorLabel,
  message,
  reportTotals,
  type ComplianceActivityContract,
  type ComplianceDocumentType,
  type CorrectedDocumentFields,
  type StoredComplianceReport,
} from '@grain/domain';
import type { ComplianceRow } from '@grain/persistence';
import type { AuditInput } from '@grain/adapters';
import type { ActivityDeps } from '../deps';

type AuditActivities = Pick<ComplianceActivityContract, 'markComplianceAuditing' | 'runComplianceAudit' | 'failComplianceAudit'>;

/** A compliance check's audit: its start, the auditor's report (told to the user on the live channel), its failure. */
export function createAuditActivities(deps: ActivityDeps): AuditActivities {
  const { compliance: store, live } = deps.stores;
  const { ai } = deps.adapters;
  /** Tells the user who asked for the audit how it ended. */
  const announce = (companyId: string, userId: string, data: Record<string, unknown>) =>
    live.publish({ companyId, userId, type: 'compliance_check_update', data });

  return {
    async markComplianceAuditing({ complianceId, documents }) {
      await store.startAudit(complianceId, documents);
      return { status: 'auditing' as const };
    },

    async runComplianceAudit({ complianceId, userId, asOf }) {
      const companyId = await store.companyOf(complianceId);
      if (!companyId) throw new Error(`compliance ${complianceId} is missing`);
      const row = (await store.byId(complianceId, companyId))!;
      if (row.status === 'audited' && row.report) return row.report.totals;
      const { input, corrected } = await auditInput(deps, row);
      // Failures (service down, unusable answer) are retried by the workflow's policy, then recorded.
      const audit = await ai.audit(input, { asOf: new Date(asOf) });
      const report: StoredComplianceReport = {
        report_id: complianceId,
        report_date: asOf,
        inspector: auditorLabel(ai.auditor, 'en'),
        auditor: ai.auditor,
        corrected_fields: corrected,
        totals: reportTotals(audit.compliance_audit),
        ...audit,
      };
      await store.saveReport(complianceId, report);
      await announce(row.companyId, userId, { compliance_id: complianceId, status: 'audited', report: { _id: complianceId, json_data: report } });
      return report.totals;
    },

    async failComplianceAudit({ complianceId, userId, reason }) {
      await store.setStatus(complianceId, 'failed', { reportError: reason });
      const companyId = await store.companyOf(complianceId);
      if (!companyId) return { status: 'failed' as const };
      await announce(companyId, userId, { compliance_id: complianceId, status: 'failed', code: 'AI_SERVICE_FAILED', detail: message('AI_SERVICE_FAILED') });
      return { status: 'failed' as const };
    },
  };
}

/**
 * What the auditor reads: each of the check's documents as the user confirmed it (the reviewed summary
 * where there is one) with its text, and the fields the user corrected, for the report.
 */
async function auditInput({ stores }: ActivityDeps, row: ComplianceRow) {
  const store = stores.compliance;
  const corrected: CorrectedDocumentFields[] = [];
  const load = async (t: ComplianceDocumentType) => {
    const id = row.documents[t];
    const d = id ? await store.document(id, row.companyId) : null;
    if (!d || d.status !== 'processed') throw new Error(`${t} is not processed`);
    if (d.reviewedSummary && d.correctedFields.length) corrected.push({ document_type: t, fields: d.correctedFields });
    return { summary: d.reviewedSummary ?? d.documentSummary, text: (await store.documentText(d.id)) ?? '' };
  };
  const input = {
    establishment: await load('establishment_update'),
    haccpPlan: await load('haccp_plan_update'),
    managementPlan: await load('management_plan_update'),
    pestControl: await load('pest_control_update'),
  } as AuditInput;
  return { input, corrected };
}
