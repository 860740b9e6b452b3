/**
 * Every message of the compliance workflow (imported by the workflow and, through '@grain/workflows',
 * by the API's Temporal client). One workflow per submission, id complianceWorkflowId(complianceId).
 *
 * - `documentUploaded` (signal, sent with signalWithStart by each upload): the stored file is
 *   processed (text extraction + summary) by an activity, which publishes upload_*_update live.
 * - `reviewSummary` (update): the user's corrections of a processed document's extracted fields,
 *   checked by the API against the review schema; refused once an audit runs or ran. Answers the
 *   fields that differ from the extraction; an audit submitted meanwhile waits until it is stored.
 * - `submit` (update): the four chosen documents; refused at once (validator) when one is missing or
 *   an audit is running or done. Answers when the submission is marked auditing; the report follows
 *   as compliance_check_update on the live channel.
 * Refusals carry an ApplicationFailure of type 'AppError' whose message is the code (appErrorCodeOf).
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { ComplianceDocumentType, ComplianceStatus } from '@grain/domain/workflow-safe';

export const COMPLIANCE_WORKFLOW_TYPE = 'complianceWorkflow';

export interface ComplianceWorkflowInput {
  complianceId: string;
  companyId: string;
  userId: string;
}

export interface DocumentUploadedArgs {
  documentId: string;
  documentType: ComplianceDocumentType;
}

export interface ComplianceSubmitArgs {
  userId: string;
  /** Document id chosen for each type (uploaded here or picked from earlier submissions). */
  documents: Partial<Record<ComplianceDocumentType, string>>;
}

export interface ComplianceWorkflowState {
  status: ComplianceStatus;
  /** Latest upload per type and whether it is still processing. */
  uploads: Partial<Record<ComplianceDocumentType, { documentId: string; processing: boolean; ok?: boolean }>>;
  lastError?: string;
}

export interface ReviewSummaryArgs {
  userId: string;
  documentId: string;
  /** A summary of the document's type, already validated by the API (reviewedSummarySchemas). */
  summary: unknown;
}

export const documentUploadedSignal = defineSignal<[DocumentUploadedArgs]>('documentUploaded');
export const complianceSubmitUpdate = defineUpdate<{ status: ComplianceStatus }, [ComplianceSubmitArgs]>('submit');
export const reviewSummaryUpdate = defineUpdate<{ correctedFields: string[] }, [ReviewSummaryArgs]>('reviewSummary');
export const complianceStateQuery = defineQuery<ComplianceWorkflowState>('complianceState');
