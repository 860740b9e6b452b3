/**
 * A workflow call refused: an Update's validator or handler, or an activity, refused with an AppError
 * (its code travels as an ApplicationFailure, read by appErrorCodeOf); it becomes that AppError here,
 * so the caller sees e.g. NOT_A_SIGNER. A workflow that is gone answers NOT_FOUND; anything else is
 * thrown on unchanged. The one place the API unwraps a workflow's refusal.
 */
import { WorkflowNotFoundError } from '@temporalio/client';
import { AppError, MESSAGES, type MessageCode } from '@grain/domain';
import { appErrorCodeOf } from '@grain/workflows';

export function rethrowRefusal(e: unknown): never {
  const code = appErrorCodeOf(e);
  if (code && code in MESSAGES) throw new AppError(code as MessageCode);
  if (e instanceof WorkflowNotFoundError) throw new AppError('NOT_FOUND');
  throw e;
}
