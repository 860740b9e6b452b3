import {
  auditorLabel,
  correctedFields,
  documentView,
  kindOfType,
  message,
  reportTotals,
  type ComplianceActivityContract,
  type CorrectedDocumentFields,
  type ComplianceDocumentType,
  type MessageCode,
  type StoredComplianceReport,
} from '@grain/domain';
import type { ComplianceDocumentRow } from '@grain/persistence';
import { extractTextOffThread, TextExtractError, type AuditInput } from '@grain/adapters';
import type { ActivityDeps } from '../deps';

/**
 * Compliance activities: document processing (text extraction + summary through the auditor port),
 * the audit, and the bookkeeping around them. Each publishes its outcome on the live channel to the
 * user concerned, so the screen updates without polling.
 */
export function createComplianceActivities(deps: ActivityDeps): ComplianceActivityContract {
  const { compliance: store, live } = deps.stores;
  const { ai, storage } = deps.adapters;

  async function announceDocument(d: ComplianceDocumentRow, extra: { code?: MessageCode } = {}) {
    await live.publish({
      companyId: d.companyId,
      userId: d.userId,
      type: kindOfType(d.documentType).liveType,
      data: { compliance_id: d.complianceId, document: documentView(d), ...(extra.code ? { code: extra.code, detail: message(extra.code) } : {}) },
    });
  }

  return {
    async processComplianceDocument({ documentId }) {
      const doc = await store.document(documentId);
      if (!doc) return { ok: false, code: 'NOT_FOUND' };
      if (doc.status === 'processed') return { ok: true }; // a retried activity after the write
      try {
        // Off the main thread: on the embedded default this process also serves the API and the database.
        const { text } = await extractTextOffThread(await storage.get(doc.storageKey), doc.fileName);
        const summary = await ai.summarize(doc.documentType, text);
        await store.markProcessed(documentId, text, summary);
      } catch (e) {
        const code: MessageCode | undefined = e instanceof TextExtractError ? e.code : undefined;
        if (!code) throw e; // transient (AI service, storage): retried by the workflow's policy
        await store.markFailed(documentId, message(code));
        await announceDocument((await store.document(documentId))!, { code });
        return { ok: false, code };
      }
      await announceDocument((await store.document(documentId))!);
      return { ok: true };
    },

    async failComplianceDocument({ documentId, reason }) {
      const doc = await store.document(documentId);
      if (!doc || doc.status !== 'processing') return { recorded: false };
      const code: MessageCode = /AI_SERVICE_FAILED/.test(reason) ? 'AI_SERVICE_FAILED' : 'UNAVAILABLE';
      await store.markFailed(documentId, message(code));
      await announceDocument((await store.document(documentId))!, { code });
      return { recorded: true };
    },

    async saveSummaryReview({ documentId, userId, summary }) {
      const doc = await store.document(documentId);
      if (!doc || doc.status !== 'processed') throw new Error(`document ${documentId} is not processed`);
      const fields = correctedFields(doc.documentType, doc.documentSummary, summary);
      await store.saveReview(documentId, { summary, correctedFields: fields, userId });
      return { correctedFields: fields };
    },

    async setComplianceDocument({ complianceId, documentType, documentId }) {
      await store.setDocument(complianceId, documentType, documentId);
      return { documentType, documentId };
    },

    async markComplianceAuditing({ complianceId, documents }) {
      await store.startAudit(complianceId, documents);
      return { status: 'auditing' as const };
    },

    async runComplianceAudit({ complianceId, userId, asOf }) {
      const companyId = await store.companyOf(complianceId);
      if (!companyId) throw new Error(`compliance ${complianceId} is missing`);
      const row = (await store.byId(complianceId, companyId))!;
      if (row.status === 'audited' && row.report) return row.report.totals;
      const corrected: CorrectedDocumentFields[] = [];
      // The audit reads what the user confirmed: the reviewed summary where there is one.
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
      await live.publish({
        companyId: row.companyId,
        userId,
        type: 'compliance_check_update',
        data: { compliance_id: complianceId, status: 'audited', report: { _id: complianceId, json_data: report } },
      });
      return report.totals;
    },

    async failComplianceAudit({ complianceId, userId, reason }) {
      await store.setStatus(complianceId, 'failed', { reportError: reason });
      const companyId = await store.companyOf(complianceId);
      if (!companyId) return { status: 'failed' as const };
      await live.publish({
        companyId,
        userId,
        type: 'compliance_check_update',
        data: { compliance_id: complianceId, status: 'failed', code: 'AI_SERVICE_FAILED', detail: message('AI_SERVICE_FAILED') },
      });
      return { status: 'failed' as const };
    },
  };
}
export type ComplianceActivities = ReturnType<typeof createComplianceActivities>;
