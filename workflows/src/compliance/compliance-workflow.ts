import { allHandlersFinished, condition, proxyActivities, setHandler } from '@temporalio/workflow';
import { APP_ERROR_FAILURE_TYPE, COMPLIANCE_DOCUMENT_TYPES, type ComplianceActivityContract as ComplianceActivities } from '@grain/domain/workflow-safe';
import { refuse } from '../app-failure';
import {
  complianceStateQuery,
  complianceSubmitUpdate,
  documentUploadedSignal,
  reviewSummaryUpdate,
  type ComplianceSubmitArgs,
  type ReviewSummaryArgs,
  type ComplianceWorkflowInput,
  type ComplianceWorkflowState,
} from './compliance-messages';

// The long steps (text extraction, the AI audit) heartbeat while they run (worker/src/heartbeats.ts): an
// attempt cut by a dead worker is retried after the heartbeat timeout, not after its minutes.
const processing = proxyActivities<ComplianceActivities>({
  startToCloseTimeout: '3 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumAttempts: 5 },
});
const bookkeeping = proxyActivities<ComplianceActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1s', maximumInterval: '30s', nonRetryableErrorTypes: [APP_ERROR_FAILURE_TYPE] },
});
const auditing = proxyActivities<ComplianceActivities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '5s', backoffCoefficient: 2, maximumAttempts: 4 },
});

/** A submission left without a submit this long ends (its stored documents stay for reuse). */
const IDLE_LIMIT = '30 days';

/**
 * One compliance submission: processes uploads as they arrive, then audits the four chosen documents
 * on submit. A failed audit leaves the submission open for another submit; an audited one ends.
 */
export async function complianceWorkflow(input: ComplianceWorkflowInput): Promise<ComplianceWorkflowState> {
  const state: ComplianceWorkflowState = { status: 'draft', uploads: {} };
  let pending: ComplianceSubmitArgs | undefined;
  /** Reviews being stored: an audit submitted meanwhile starts after them, so it reads the corrections. */
  let reviewsSaving = 0;

  setHandler(complianceStateQuery, () => state);
  const refuseOnceAuditing = () => {
    if (state.status === 'auditing') refuse('COMPLIANCE_AUDIT_RUNNING');
    if (state.status === 'audited') refuse('COMPLIANCE_ALREADY_AUDITED');
  };

  setHandler(documentUploadedSignal, async ({ documentId, documentType }) => {
    state.uploads[documentType] = { documentId, processing: true };
    let ok = false;
    try {
      ok = (await processing.processComplianceDocument({ documentId })).ok;
    } catch (e) {
      await bookkeeping.failComplianceDocument({ documentId, reason: (e as Error).message });
    }
    // A newer upload of the same type may have arrived meanwhile; it decides the slot.
    if (state.uploads[documentType]?.documentId !== documentId) return;
    state.uploads[documentType] = { documentId, processing: false, ok };
    if (ok && state.status === 'draft') await bookkeeping.setComplianceDocument({ complianceId: input.complianceId, documentType, documentId });
  });

  // The review step between extraction and audit.
  setHandler(
    reviewSummaryUpdate,
    async (args) => {
      reviewsSaving++;
      try {
        return await bookkeeping.saveSummaryReview(args);
      } finally {
        reviewsSaving--;
      }
    },
    { validator: (_args: ReviewSummaryArgs) => refuseOnceAuditing() },
  );

  setHandler(
    complianceSubmitUpdate,
    async (args) => {
      // The status changes before the await so a second submit is refused; the audit starts only
      // once the chosen documents are recorded, since it reads them from the database.
      state.status = 'auditing';
      await bookkeeping.markComplianceAuditing({ complianceId: input.complianceId, documents: args.documents });
      pending = args;
      return { status: 'auditing' as const };
    },
    {
      validator: (args) => {
        refuseOnceAuditing();
        if (COMPLIANCE_DOCUMENT_TYPES.some((t) => !args.documents[t])) refuse('COMPLIANCE_INCOMPLETE');
      },
    },
  );

  for (;;) {
    if (!(await condition(() => pending !== undefined, IDLE_LIMIT))) break;
    const submitted = pending!;
    pending = undefined;
    await condition(() => reviewsSaving === 0);
    try {
      await auditing.runComplianceAudit({ complianceId: input.complianceId, userId: submitted.userId, asOf: new Date().toISOString() });
      state.status = 'audited';
      state.lastError = undefined;
      break;
    } catch (e) {
      state.status = 'failed';
      state.lastError = (e as Error).message;
      await bookkeeping.failComplianceAudit({ complianceId: input.complianceId, userId: submitted.userId, reason: state.lastError });
    }
  }
  await condition(allHandlersFinished);
  return state;
}
