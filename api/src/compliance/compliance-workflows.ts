/**
 * The API's side of a submission's compliance workflow (one per submission, complianceWorkflowId):
 * started when first needed (an upload, a review, the audit: documents picked from earlier submissions
 * need no upload), an Update for the review and the audit, a signal per upload. A refused Update becomes
 * its AppError (http/workflow-refusal.ts); every call has a deadline (APPROVAL_SERVICE_BUSY when the
 * worker is down).
 */
import type { Client, UpdateDefinition } from '@temporalio/client';
import { complianceWorkflowId, type ComplianceDocumentType } from '@grain/domain';
import { COMPLIANCE_WORKFLOW_TYPE, documentUploadedSignal, type ComplianceWorkflowInput } from '@grain/workflows';
import { withinDeadline } from '../http/temporal-deadline';
import { rethrowRefusal } from '../http/workflow-refusal';

type Submission = { id: string; companyId: string; userId: string };
const inputOf = (c: Submission): ComplianceWorkflowInput => ({ complianceId: c.id, companyId: c.companyId, userId: c.userId });

export class ComplianceWorkflows {
  constructor(
    private readonly client: Client,
    private readonly taskQueue: string,
    private readonly deadlines: { updateMs: number; callMs: number },
  ) {}

  /** Runs an Update on the submission's workflow, started first when needed. */
  async update<Ret, Arg>(c: Submission, def: UpdateDefinition<Ret, [Arg]>, arg: Arg): Promise<Ret> {
    const workflowId = complianceWorkflowId(c.id);
    await withinDeadline(this.client, this.deadlines.callMs, () =>
      this.client.workflow.start(COMPLIANCE_WORKFLOW_TYPE, {
        workflowId,
        taskQueue: this.taskQueue,
        args: [inputOf(c)],
        workflowIdConflictPolicy: 'USE_EXISTING',
      }),
    );
    try {
      const handle = this.client.workflow.getHandle(workflowId);
      return await withinDeadline(this.client, this.deadlines.updateMs, () => handle.executeUpdate(def, { args: [arg] }));
    } catch (e) {
      return rethrowRefusal(e);
    }
  }

  /** Tells the submission's workflow (started when needed) that a document was stored, to be processed. */
  async documentUploaded(c: Submission, doc: { documentId: string; documentType: ComplianceDocumentType }): Promise<void> {
    await withinDeadline(this.client, this.deadlines.callMs, () =>
      this.client.workflow.signalWithStart(COMPLIANCE_WORKFLOW_TYPE, {
        workflowId: complianceWorkflowId(c.id),
        taskQueue: this.taskQueue,
        args: [inputOf(c)],
        signal: documentUploadedSignal,
        signalArgs: [doc],
      }),
    );
  }
}
