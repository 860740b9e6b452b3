import { DefaultLogger, Runtime, type LogLevel } from '@temporalio/worker';

export { WORKER_NODE_OPTIONS, WORKER_SEMI_SPACE_MB, ensureWorkerNodeOptions, semiSpaceCapMb } from './node-options';

const LEVELS: LogLevel[] = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'];

/** The worker's log level: TEMPORAL_LOG_LEVEL (TRACE, DEBUG, INFO, WARN, ERROR), WARN when unset. */
export function temporalLogLevel(env: NodeJS.ProcessEnv = process.env): LogLevel {
  const asked = env.TEMPORAL_LOG_LEVEL?.trim().toUpperCase();
  if (!asked) return 'WARN';
  if (!LEVELS.includes(asked as LogLevel)) throw new Error(`TEMPORAL_LOG_LEVEL: one of ${LEVELS.join(', ')} (got "${env.TEMPORAL_LOG_LEVEL}")`);
  return asked as LogLevel;
}

let installed = false;

/** The largest Buffer pool slab a worker process allocates from (Node 24's default is 64 KiB). */
export const WORKER_BUFFER_POOL_BYTES = 8 * 1024;

/**
 * Sizes Node's Buffer pool for a worker holding many cached workflows. The SDK keeps each cached run's
 * last activation completion (a Buffer of a few hundred bytes, a slice of the pool) until the run's next
 * activation, and a slice keeps its whole slab alive. Between two runs' completions the activities
 * allocate from the pool too, so with Node 24's 64 KiB slabs each cached workflow kept one slab of its
 * own: a heap snapshot of the bench's worker with 1,000 open held 965 of them (62 MB, 0.06 MB a cached
 * workflow). With 8 KiB slabs (Node 22's size) it is at most 8 KiB a workflow; buffers above half a slab
 * are allocated on their own either way.
 */
export function limitBufferPool(): void {
  if (Buffer.poolSize > WORKER_BUFFER_POOL_BYTES) Buffer.poolSize = WORKER_BUFFER_POOL_BYTES;
}

/**
 * The Temporal runtime of this process, set up once before its first worker connects: the SDK's and
 * its core's logs through one logger at TEMPORAL_LOG_LEVEL (the SDK's default is INFO for its own lines,
 * webpack's report and every worker state change, and WARN for the core's, written apart), and, when
 * `metricsAddress` (host:port) is given, Prometheus metrics served there; Node's Buffer pool sized for many
 * cached workflows (limitBufferPool). Later calls change nothing:
 * the runtime can be set up only once a process, so the first caller's settings hold.
 */
export function installTemporalRuntime(opts: { env?: NodeJS.ProcessEnv; metricsAddress?: string } = {}): void {
  if (installed) return;
  limitBufferPool();
  const level = temporalLogLevel(opts.env);
  try {
    Runtime.install({
      logger: new DefaultLogger(level),
      telemetryOptions: {
        logging: { forward: {}, filter: { core: level, other: level } },
        ...(opts.metricsAddress ? { metrics: { prometheus: { bindAddress: opts.metricsAddress } } } : {}),
      },
    });
  } catch (e) {
    // Already made (a worker or connection in this process came first, e.g. a test's own): keep it.
    if (!/already/i.test((e as Error).message)) throw e;
  }
  installed = true;
}
