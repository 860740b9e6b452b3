import type { ActivityExecuteInput, ActivityInboundCallsInterceptor, ActivityInterceptorsFactory, Next } from '@temporalio/worker';

type Context = Parameters<ActivityInterceptorsFactory>[0];

/**
 * Heartbeats for every activity asked with a heartbeat timeout (the certificate's PDF, the compliance
 * audit's long steps), sent by the worker while the attempt runs: a worker that dies mid-attempt stops
 * them, so the server retries the attempt after the heartbeat timeout (seconds) instead of the activity's
 * start-to-close (minutes). Three a timeout: one lost or late heartbeat does not time a live attempt out.
 * Local activities have no heartbeat (they run inside their workflow task).
 */
export class HeartbeatWhileRunning implements ActivityInboundCallsInterceptor {
  constructor(private readonly ctx: Context) {}

  async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>): Promise<unknown> {
    const { heartbeatTimeoutMs, isLocal } = this.ctx.info;
    if (isLocal || !heartbeatTimeoutMs) return next(input);
    // the first a third of the timeout in (the timeout counts from the start): a short attempt sends none
    const beat = setInterval(() => this.ctx.heartbeat(), Math.max(100, Math.floor(heartbeatTimeoutMs / 3)));
    try {
      return await next(input);
    } finally {
      clearInterval(beat);
    }
  }
}
