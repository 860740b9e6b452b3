/**
 * The API's side of the corrective-action workflow: start when an action is made, an Update for every
 * later step. A refused Update arrives as WorkflowUpdateFailedError whose cause carries the message
 * code; it becomes that AppError here (ACTION_NOT_OWNER, ACTION_DUE_IN_PAST, ...). Every call has a
 * deadline: a worker that is down answers APPROVAL_SERVICE_BUSY (503).
 */
import type { Client, UpdateDefinition, WorkflowStartOptions } from '@temporalio/client';
import { AppError, correctiveActionWorkflowId, type ActionEffect, type CorrectiveActionState } from '@grain/domain';
import { actionDetails, actionSearchAttributes, actionSummaryLine, CORRECTIVE_ACTION_WORKFLOW_TYPE } from '@grain/workflows';
import { withinDeadline } from '../http/temporal-deadline';
import { rethrowRefusal as toAppError } from '../http/workflow-refusal';

type SearchAttributePair = Extract<NonNullable<WorkflowStartOptions['typedSearchAttributes']>, unknown[]>[number];

export class ActionWorkflows {
  constructor(
    private readonly client: Client,
    private readonly taskQueue: string,
    private readonly deadlines: { updateMs: number; callMs: number },
  ) {}

  async start(state: CorrectiveActionState, effects: ActionEffect[]): Promise<void> {
    await withinDeadline(this.client, this.deadlines.callMs, () =>
      this.client.workflow.start(CORRECTIVE_ACTION_WORKFLOW_TYPE, {
        workflowId: correctiveActionWorkflowId(state),
        taskQueue: this.taskQueue,
        args: [{ state, effects }],
        staticSummary: actionSummaryLine(state),
        staticDetails: actionDetails(state),
        // the workflow sets them all at its first step; these make it findable from the start
        typedSearchAttributes: actionSearchAttributes(state).flatMap((p) => (p.value === null ? [] : [p as SearchAttributePair])),
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
      }),
    );
  }

  async update<Arg>(state: CorrectiveActionState, def: UpdateDefinition<CorrectiveActionState, [Arg]>, arg: Arg): Promise<CorrectiveActionState> {
    // a verified action's workflow has ended: the read model says so before Temporal would answer "not found"
    if (state.status === 'verified') throw new AppError('ACTION_CLOSED');
    const handle = this.client.workflow.getHandle(correctiveActionWorkflowId(state));
    try {
      return await withinDeadline(this.client, this.deadlines.updateMs, () => handle.executeUpdate(def, { args: [arg] }));
    } catch (e) {
      return toAppError(e);
    }
  }
}
