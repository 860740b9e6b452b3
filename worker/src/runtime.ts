import { DefaultLogger, Runtime, type LogLevel } from '@temporalio/worker';

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
 * The largest semi-space of a worker process's young generation, MiB (V8's own default here: 64 MiB at a
 * 4 GiB heap). Measured (issue 29, inflight 1,000 open, ceiling and ours with the same setting): V8's default
 * let the main thread's young generation grow by ~110 MB with 1,000 cached workflows and moved the memory
 * per cached workflow by ~0.1 MB between two runs of the same code (2.26x-2.82x the ceiling); 8 MiB: 1.27x,
 * +13 MB heap; 4 MiB: 1.34x but twice the garbage collector's time (share of the worker's busy CPU in its
 * profile, throughput bench: 4.1 % with V8's default, 7.8 % at 8 MiB, 10.5 % at 4 MiB).
 */
export const WORKER_SEMI_SPACE_MB = 8;

/**
 * The Node options every worker process runs with: its launches pass them (the bench's workers, ours and
 * the ceiling's alike; `npm start`'s server, which runs the worker in its process) and `worker/dist/main.js`
 * restarts itself with them when launched without (ensureWorkerNodeOptions).
 */
export const WORKER_NODE_OPTIONS: readonly string[] = [`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];

/**
 * The semi-space cap (MiB) this process runs with: the last --max-semi-space-size of NODE_OPTIONS and its
 * command line (which V8 reads after NODE_OPTIONS), undefined when V8's own default holds.
 */
export function semiSpaceCapMb(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): number | undefined {
  const args = [...nodeOptions.split(/\s+/).filter(Boolean), ...execArgv];
  let cap: number | undefined;
  args.forEach((a, i) => {
    const m = /^--max[-_]semi[-_]space[-_]size(?:=(\d+))?$/.exec(a);
    if (m) cap = Number(m[1] ?? args[i + 1]);
  });
  return cap;
}

/**
 * Makes this process run with WORKER_NODE_OPTIONS: when it was started without them it is replaced (same
 * process id, same output, same signals: process.execve) by the same command with them. V8 reads the
 * young generation's size once, as the process starts, so no later call can set it. Returns the cap in
 * effect; where the platform cannot replace a process (Windows) it keeps V8's default and says so.
 */
export function ensureWorkerNodeOptions(log: (line: string) => void = console.warn): number | undefined {
  const cap = semiSpaceCapMb();
  if (cap !== undefined) return cap;
  if (typeof process.execve !== 'function' || process.platform === 'win32') {
    log(`worker: running with V8's default young generation (start node with ${WORKER_NODE_OPTIONS.join(' ')})`);
    return undefined;
  }
  process.execve(process.execPath, [process.execPath, ...WORKER_NODE_OPTIONS, ...process.execArgv, ...process.argv.slice(1)], process.env);
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
