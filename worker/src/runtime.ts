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

/**
 * The Temporal runtime of this process, set up once before its first worker connects: the SDK's and
 * its core's logs through one logger at TEMPORAL_LOG_LEVEL (the SDK's default is INFO for its own lines,
 * webpack's report and every worker state change, and WARN for the core's, written apart), and, when
 * `metricsAddress` (host:port) is given, Prometheus metrics served there. Later calls change nothing:
 * the runtime can be set up only once a process, so the first caller's settings hold.
 */
export function installTemporalRuntime(opts: { env?: NodeJS.ProcessEnv; metricsAddress?: string } = {}): void {
  if (installed) return;
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
