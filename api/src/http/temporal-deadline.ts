import { isGrpcServiceError, WorkflowUpdateRPCTimeoutOrCancelledError, type Client } from '@temporalio/client';
import { AppError } from '@grain/domain';

/** gRPC status codes that mean "Temporal did not answer in time or cannot be reached", not "Temporal said no". */
const DEADLINE_EXCEEDED = 4;
const RESOURCE_EXHAUSTED = 8;
const UNAVAILABLE = 14;
const BUSY_CODES = new Set([DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, UNAVAILABLE]);

/** The SDK wraps the gRPC error once or twice (ServiceError, WorkflowUpdateRPCTimeoutOrCancelledError). */
function isTemporalBusy(e: unknown): boolean {
  for (let cur = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    if (cur instanceof WorkflowUpdateRPCTimeoutOrCancelledError) return true;
    if (isGrpcServiceError(cur) && BUSY_CODES.has(cur.code)) return true;
  }
  return false;
}

/**
 * Runs the Temporal client calls in `fn` under a gRPC deadline `ms` from now, so a missing worker or an
 * unreachable server ends in APPROVAL_SERVICE_BUSY (503) instead of a request that never answers.
 * The deadline only stops our waiting: an Update the server already accepted stays queued on the
 * workflow and may still be applied once a worker runs it, hence the message tells the user to check
 * before sending the change again.
 */
export async function withinDeadline<T>(client: Client, ms: number, fn: () => Promise<T>): Promise<T> {
  try {
    return await client.withDeadline(Date.now() + ms, fn);
  } catch (e) {
    if (isTemporalBusy(e)) throw new AppError('APPROVAL_SERVICE_BUSY');
    throw e;
  }
}
