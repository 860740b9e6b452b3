/**
 * The API's side of the certificate workflow: start on submit, Updates for every later change, the
 * state query. A refused Update (validator or handler) arrives as WorkflowUpdateFailedError whose
 * cause carries the message code; it becomes that AppError here, so the caller sees e.g. NOT_A_SIGNER.
 * Every call has a deadline: a worker that is down or slow answers APPROVAL_SERVICE_BUSY (503), and an
 * Update already sent may still be applied later. A sign is safe to retry all the same: its one-time
 * code was spent on the first attempt (OTP_INVALID), and with a new code a sign that did land answers
 * ALREADY_SIGNED rather than adding a second signature.
 */
import type { Client, UpdateDefinition } from '@temporalio/client';
import { AppError, certificateWorkflowId, operatorView, type CertificateState } from '@grain/domain';
import { CERTIFICATE_WORKFLOW_TYPE, certificateStartSearchAttributes, stateQuery, type CertificateWorkflowInput } from '@grain/workflows';
import { withinDeadline } from '../http/temporal-deadline';
import { rethrowRefusal as toAppError } from '../http/workflow-refusal';

export class CertificateWorkflows {
  constructor(
    private readonly client: Client,
    private readonly taskQueue: string,
    private readonly deadlines: { updateMs: number; callMs: number },
    /** The app's public address, for the link back from the Temporal UI. */
    private readonly appUrl?: string,
  ) {}

  /**
   * Starts the workflow of a submitted draft; answers its id (company, number, id: certificateWorkflowId),
   * which the workflow records in its state. `companyName` is for operators: the id, the summary, memo and
   * the CompanyName search attribute.
   */
  async start(input: CertificateWorkflowInput, companyName = ''): Promise<string> {
    const view = operatorView(input.certificate, companyName, this.appUrl);
    const workflowId = certificateWorkflowId(input.certificate, companyName);
    await withinDeadline(this.client, this.deadlines.callMs, () =>
      this.client.workflow
        .start(CERTIFICATE_WORKFLOW_TYPE, {
          workflowId,
          taskQueue: this.taskQueue,
          args: [input],
          staticSummary: view.summary,
          staticDetails: view.details,
          memo: view.memo,
          // all of them, as the workflow's first step makes them: it upserts only what changes after
          typedSearchAttributes: certificateStartSearchAttributes(input, companyName),
          // A certificate is submitted once; a second submit of the same id is refused by Temporal.
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
        })
        .catch((e: Error) => {
          if (e.name === 'WorkflowExecutionAlreadyStartedError') throw new AppError('CERTIFICATE_NOT_EDITABLE');
          throw e;
        }),
    );
    return workflowId;
  }

  /** The workflow of a submitted certificate, by the id its state records; a draft has none (NOT_FOUND). */
  private handle(c: Pick<CertificateState, 'workflowId'>) {
    if (!c.workflowId) throw new AppError('NOT_FOUND');
    return this.client.workflow.getHandle(c.workflowId);
  }

  async update<Ret, Arg>(c: Pick<CertificateState, 'workflowId'>, def: UpdateDefinition<Ret, [Arg]>, arg: Arg): Promise<Ret> {
    const handle = this.handle(c);
    try {
      return await withinDeadline(this.client, this.deadlines.updateMs, () => handle.executeUpdate(def, { args: [arg] }));
    } catch (e) {
      return toAppError(e);
    }
  }

  async state(c: Pick<CertificateState, 'workflowId'>): Promise<CertificateState> {
    try {
      const handle = this.handle(c);
      return await withinDeadline(this.client, this.deadlines.callMs, () => handle.query(stateQuery));
    } catch (e) {
      return toAppError(e);
    }
  }
}
