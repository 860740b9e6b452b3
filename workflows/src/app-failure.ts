/**
 * How a refusal (AppError) crosses Temporal in workflows: the same failure the activities raise
 * (options from the domain), so a client reads the code the same way wherever the refusal came from.
 */
import { ApplicationFailure } from '@temporalio/workflow';
import { AppError, appErrorFailureOptions, isAppError, type MessageCode } from '@grain/domain/workflow-safe';

/** Rethrows an AppError as the failure an Update answers with; anything else unchanged. */
export function refusal(e: unknown): never {
  if (isAppError(e)) throw ApplicationFailure.create(appErrorFailureOptions(e));
  throw e;
}

export function refuse(code: MessageCode): never {
  return refusal(new AppError(code));
}
