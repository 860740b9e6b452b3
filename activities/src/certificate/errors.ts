import { ApplicationFailure } from '@temporalio/common';
import { isAppError } from '@grain/domain';

/** Failure type of a refusal with a message code; workflows list it as non-retryable. */
export const APP_ERROR_TYPE = 'AppError';

/**
 * Runs an activity body and turns an AppError (a permanent refusal: wrong OTP, changed content...)
 * into a non-retryable ApplicationFailure carrying the message code. Anything else stays retryable.
 */
export async function permanentOnAppError<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isAppError(e)) throw ApplicationFailure.create({ type: APP_ERROR_TYPE, message: e.code, nonRetryable: true, details: [e.details ?? null] });
    throw e;
  }
}
