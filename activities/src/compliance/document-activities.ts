import { correctedFields, documentView, kindOfType, message, type ComplianceActivityContract, type MessageCode } from '@grain/domain';
import type { ComplianceDocumentRow } from '@grain/persistence';
import { extractTextOffThread, TextExtractError } from '@grain/adapters';
import type { ActivityDeps } from '../deps';

type DocumentActivities = Pick<
  ComplianceActivityContract,
  'processComplianceDocument' | 'failComplianceDocument' | 'saveSummaryReview' | 'setComplianceDocument'
>;

/**
 * A compliance check's documents: text extraction and summary through the auditor port (the outcome
 * told to the uploader on the live channel), the user's review of a summary, the document a check uses.
 */
export function createDocumentActivities(deps: ActivityDeps): DocumentActivities {
  const { compliance: store } = deps.stores;
  const { ai, storage } = deps.adapters;
  const announce = documentAnnouncer(deps);

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
        await announce(documentId, { code });
        return { ok: false, code };
      }
      await announce(documentId);
      return { ok: true };
    },

    async failComplianceDocument({ documentId, reason }) {
      const doc = await store.document(documentId);
      if (!doc || doc.status !== 'processing') return { recorded: false };
      const code: MessageCode = /AI_SERVICE_FAILED/.test(reason) ? 'AI_SERVICE_FAILED' : 'UNAVAILABLE';
      await store.markFailed(documentId, message(code));
      await announce(documentId, { code });
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
  };
}

/** Tells the uploader a document's state as it now stands (with the failure's message, when it failed). */
function documentAnnouncer({ stores }: ActivityDeps) {
  return async (documentId: string, extra: { code?: MessageCode } = {}) => {
    const d: ComplianceDocumentRow = (await stores.compliance.document(documentId))!;
    await stores.live.publish({
      companyId: d.companyId,
      userId: d.userId,
      type: kindOfType(d.documentType).liveType,
      data: { compliance_id: d.complianceId, document: documentView(d), ...(extra.code ? { code: extra.code, detail: message(extra.code) } : {}) },
    });
  };
}
