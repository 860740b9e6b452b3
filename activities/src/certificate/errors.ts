import { ApplicationFailure } from '@temporalio/common';
import { appErrorFailureOptions, isAppError } from '@grain/domain';

/**
 * Runs an activity body and turns an AppError (a permanent refusal: wrong OTP, changed content...)
 * into the non-retryable failure workflows raise for refusals too. Anything else stays retryable.
 */
export async function permanentOnAppError<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isAppError(e)) throw ApplicationFailure.create(appErrorFailureOptions(e));
    throw e;
  }
}
