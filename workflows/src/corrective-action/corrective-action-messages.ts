/**
 * Every message of the corrective-action workflow (imported by the workflow and, through
 * '@grain/workflows', by the API's Temporal client). One workflow per action, id
 * correctiveActionWorkflowId(action), started by the API when the action is made from a finding.
 *
 * Each step is an Update whose validator runs the domain machine on the command (a refusal — not the
 * owner, the owner judging their own fix, a closed action, a due time in the past — is answered before
 * anything is recorded); the handler applies it, writes the read model and answers the new state.
 * Mails follow from the main loop. Refusals carry an ApplicationFailure of type 'AppError' whose
 * message is the code (appErrorCodeOf).
 */
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { ActionEffect, ActionPerson, CorrectiveActionState, EvidenceRef } from '@grain/domain/workflow-safe';

export const CORRECTIVE_ACTION_WORKFLOW_TYPE = 'correctiveActionWorkflow';

export interface CorrectiveActionWorkflowInput {
  /** The action as made (createCorrectiveAction), already in the read model. */
  state: CorrectiveActionState;
  /** The effects of making it (the owner's assignment mail). */
  effects: ActionEffect[];
}

interface By {
  actor: ActionPerson;
}

export const startActionUpdate = defineUpdate<CorrectiveActionState, [By]>('start');
export const submitFixUpdate = defineUpdate<CorrectiveActionState, [By & { note: string; evidence: EvidenceRef[] }]>('submitFix');
export const verifyActionUpdate = defineUpdate<CorrectiveActionState, [By]>('verify');
export const reopenActionUpdate = defineUpdate<CorrectiveActionState, [By & { reason: string }]>('reopen');
export const reassignActionUpdate = defineUpdate<CorrectiveActionState, [By & { owner: ActionPerson }]>('reassign');
export const redateActionUpdate = defineUpdate<CorrectiveActionState, [By & { dueAt: string }]>('redate');
export const actionStateQuery = defineQuery<CorrectiveActionState>('actionState');
