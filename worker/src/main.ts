/**
 * The standalone worker process: env -> config -> database -> adapters -> worker. Stops gracefully
 * on SIGINT / SIGTERM (running activities get the worker's grace time, then connections close).
 */
import { loadConfig, buildAdapters, closeAdapters } from '@grain/adapters';
import { createStores, openDb } from '@grain/persistence';
import { createWorker } from './create-worker';
import { installTemporalRuntime } from './runtime';

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const config = loadConfig(env);
  // The SDK serves its metrics (task slots, poll and schedule-to-start latencies, sticky cache) for
  // Prometheus at WORKER_METRICS_ADDRESS (host:port, path /metrics); it must be set before any connection.
  installTemporalRuntime({ env, metricsAddress: env.WORKER_METRICS_ADDRESS?.trim() || undefined });
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  const stores = createStores(db.knex);
  const adapters = buildAdapters(config, stores);
  const { worker, connection } = await createWorker({
    address: config.temporalAddress,
    tls: config.temporalTls,
    namespace: config.temporalNamespace,
    taskQueue: config.taskQueue,
    deps: { config, stores, adapters },
  });
  const stop = (signal: string) => {
    console.log(`worker: ${signal}, shutting down`);
    worker.shutdown();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  console.log(`worker: polling task queue ${config.taskQueue} at ${config.temporalAddress}`);
  try {
    await worker.run();
  } finally {
    await connection.close();
    await closeAdapters(adapters);
    await db.close();
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
