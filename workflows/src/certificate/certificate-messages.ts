/**
 * Every message of the certificate workflow, in one module (imported by the workflow and, through
 * '@grain/workflows', by the API's Temporal client).
 *
 * OTP design: the one-time code never enters workflow history. The API asks for a code with the
 * `requestOtp` Update (its handler runs the issueOtp activity, which makes, hashes, stores and mails
 * the code). On sign, the API verifies the typed code against the database itself
 * (`OtpStore.verify` from @grain/persistence: hash compare, expiry, 5 attempts, single use) and passes
 * only the resulting `otpId` in the `sign` Update. The sign handler then redeems that id through an
 * activity, which checks it is verified, unredeemed and bound to this certificate, level, user and
 * the current content hash — so an otpId seen in history is worthless.
 *
 * Refusals: validators run the machine's checks, so a refused sign / reject / delegate answers at once
 * and leaves no trace in history. A refusal arrives at the client as WorkflowUpdateFailedError whose
 * cause is an ApplicationFailure of type 'AppError' with the message code as `message`; use
 * `appErrorCodeOf(err)` (app-failure.ts) to read it.
 */
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import {
  APP_ERROR_FAILURE_TYPE,
  type CertificateChanges,
  type CertificateDraft,
  type CertificateState,
  type CommandActor,
  type NudgeTarget,
  type Signer,
} from '@grain/domain/workflow-safe';

export const CERTIFICATE_WORKFLOW_TYPE = 'certificateWorkflow';

export interface CertificateWorkflowInput {
  /** The draft to submit, as saved in the read model (status created). */
  certificate: CertificateDraft;
  /** The user who submits (the submitter, or an admin on their behalf). */
  submittedBy: CommandActor;
  /** Set only by continue-as-new: the state to carry on from (the draft is then ignored). */
  resumeState?: CertificateState;
  /** Set only by continue-as-new: keys of the timer events already fired. */
  resumeTimers?: string[];
}

export interface SignArgs {
  actor: CommandActor;
  /** Id returned by OtpStore.verify for this certificate, level and user. */
  otpId: string;
  note?: string;
  /** The signer's digital-signature id, if any. */
  signatureValue?: string;
}
export interface RejectArgs {
  actor: CommandActor;
  /** Level number (1-based) to send the certificate back to; the current level or an earlier one. */
  toLevel: number;
  reason: string;
}
export interface DelegateArgs {
  actor: CommandActor;
  to: Signer[];
  note?: string;
}
export interface ResubmitArgs {
  actor: CommandActor;
  /** Edits made while rejected; omitted means resubmit unchanged. */
  changes?: CertificateChanges;
}
export interface EditArgs {
  actor: CommandActor;
  changes: CertificateChanges;
}
export interface CancelArgs {
  actor: CommandActor;
  reason?: string;
}
export interface RequestOtpArgs {
  actor: CommandActor;
}
/** A level's due time and/or signers changed in flight. */
export interface AdjustLevelArgs {
  actor: CommandActor;
  level: number;
  deadline?: string;
  signers?: Signer[];
}
export interface RemindArgs {
  actor: CommandActor;
  to: NudgeTarget;
}
export interface OtpRequestResult {
  level: number;
  /** ISO time the code stops working. */
  expiresAt: string;
  /** The short content hash quoted in the mail, so the signer can see what they sign. */
  contentHashShort: string;
}

/** Updates answer with the certificate state after the change (and after the read model is written). */
export const signUpdate = defineUpdate<CertificateState, [SignArgs]>('sign');
export const rejectUpdate = defineUpdate<CertificateState, [RejectArgs]>('reject');
export const delegateUpdate = defineUpdate<CertificateState, [DelegateArgs]>('delegate');
export const resubmitUpdate = defineUpdate<CertificateState, [ResubmitArgs]>('resubmit');
export const editUpdate = defineUpdate<CertificateState, [EditArgs]>('edit');
export const cancelUpdate = defineUpdate<CertificateState, [CancelArgs]>('cancel');
export const requestOtpUpdate = defineUpdate<OtpRequestResult, [RequestOtpArgs]>('requestOtp');
export const adjustLevelUpdate = defineUpdate<CertificateState, [AdjustLevelArgs]>('adjustLevel');
export const remindUpdate = defineUpdate<CertificateState, [RemindArgs]>('remind');

export const stateQuery = defineQuery<CertificateState>('state');

/** The failure type of every refusal raised by the workflows and their activities. */
export { APP_ERROR_FAILURE_TYPE };
