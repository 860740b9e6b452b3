/**
 * Every message of the certificate workflow, in one module (imported by the workflow and, through
 * '@grain/workflows', by the API's Temporal client).
 *
 * OTP design: the one-time code never enters workflow history. The API makes and mails a code itself
 * (its request-code command: the signer's checks on the read model, then `mailSigningCode` from
 * @grain/adapters: made, hashed, stored, mailed). On sign, the API verifies the typed code against the
 * database (`OtpStore.verify` from @grain/persistence: hash compare, expiry, 5 attempts, single use) and
 * passes only the resulting `otpId` in the `sign` Update. The sign handler then redeems that id in its
 * batch's commit, which checks it is verified, unredeemed and bound to this certificate, level, user and
 * the current content hash — so an otpId seen in history is worthless.
 *
 * Answers are small (issue 29): an Update answers the version its change made, after the read model shows
 * that version, which is where the API reads the certificate from (the caller knows which certificate it
 * changed). Arguments carry what the machine reads: an actor is its id and name (domain's commandActor).
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
  type CertificateStatus,
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
/** What an Update answers: the version its change made (the read model shows it by then). */
export interface CertificateChanged {
  version: number;
}

/** What the workflow ends with (the whole state is the read model's, and the state query's while it runs). */
export interface CertificateOutcome extends CertificateChanged {
  status: CertificateStatus;
}

export const signUpdate = defineUpdate<CertificateChanged, [SignArgs]>('sign');
export const rejectUpdate = defineUpdate<CertificateChanged, [RejectArgs]>('reject');
export const delegateUpdate = defineUpdate<CertificateChanged, [DelegateArgs]>('delegate');
export const resubmitUpdate = defineUpdate<CertificateChanged, [ResubmitArgs]>('resubmit');
export const editUpdate = defineUpdate<CertificateChanged, [EditArgs]>('edit');
export const cancelUpdate = defineUpdate<CertificateChanged, [CancelArgs]>('cancel');
export const adjustLevelUpdate = defineUpdate<CertificateChanged, [AdjustLevelArgs]>('adjustLevel');
export const remindUpdate = defineUpdate<CertificateChanged, [RemindArgs]>('remind');

export const stateQuery = defineQuery<CertificateState>('state');

/** The failure type of every refusal raised by the workflows and their activities. */
export { APP_ERROR_FAILURE_TYPE };
