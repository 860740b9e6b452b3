/**
 * How a refusal (AppError) crosses Temporal in workflows: the same failure the activities raise
 * (options from the domain), so a client reads the code the same way wherever the refusal came from.
 */
import { ApplicationFailure } from '@temporalio/workflow';
import { APP_ERROR_FAILURE_TYPE, AppError, appErrorFailureOptions, isAppError, type MessageCode } from '@grain/domain/workflow-safe';

/** Rethrows an AppError as the failure an Update answers with; anything else unchanged. */
export function refusal(e: unknown): never {
  if (isAppError(e)) throw ApplicationFailure.create(appErrorFailureOptions(e));
  throw e;
}

export function refuse(code: MessageCode): never {
  return refusal(new AppError(code));
}

/**
 * The message code of a refusal (or undefined if the error is something else): the one reader of the
 * failures above, for every client of the workflows. Walks the error's cause chain, so it works on
 * WorkflowUpdateFailedError and WorkflowFailedError from @temporalio/client.
 */
export function appErrorCodeOf(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const f = e as { type?: string; message?: string; cause?: unknown };
    if (f.type === APP_ERROR_FAILURE_TYPE && f.message) return f.message;
    e = f.cause;
  }
  return undefined;
}
