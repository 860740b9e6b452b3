/**
 * The standalone worker process: env -> config -> database -> adapters -> worker. Stops gracefully
 * on SIGINT / SIGTERM (running activities get the worker's grace time, then connections close).
 */
// first of all: V8 sizes its heap as the process starts (node-options.ts)
import './relaunch';
import { loadConfig, buildAdapters, closeAdapters } from '@grain/adapters';
import { createStores, openDb } from '@grain/persistence';
import { createWorker } from './create-worker';
import { installTemporalRuntime, semiSpaceCapMb } from './runtime';
import { makeCurrentVersion, workerDeploymentOf } from './versioning';

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const config = loadConfig(env);
  // The SDK serves its metrics (task slots, poll and schedule-to-start latencies, sticky cache) for
  // Prometheus at WORKER_METRICS_ADDRESS (host:port, path /metrics); it must be set before any connection.
  installTemporalRuntime({ env, metricsAddress: env.WORKER_METRICS_ADDRESS?.trim() || undefined });
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  const stores = createStores(db.knex);
  const adapters = buildAdapters(config, stores);
  const deployment = workerDeploymentOf(env);
  const { worker, connection } = await createWorker({
    address: config.temporalAddress,
    tls: config.temporalTls,
    namespace: config.temporalNamespace,
    taskQueue: config.taskQueue,
    deps: { config, stores, adapters },
    notifications: db.notifications,
    deployment,
  });
  const stop = (signal: string) => {
    console.log(`worker: ${signal}, shutting down`);
    worker.shutdown();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  console.log(
    `worker: polling task queue ${config.taskQueue} at ${config.temporalAddress}` +
      (deployment ? ` as ${deployment.name} version ${deployment.buildId}` : '') +
      `; V8 semi-space ${semiSpaceCapMb() ?? 'default'} MiB`,
  );
  const running = worker.run();
  // WORKER_PROMOTE=true: once polling, this version takes the new workflows (the ones in flight stay pinned to theirs)
  if (deployment && env.WORKER_PROMOTE === 'true')
    void makeCurrentVersion(connection, config.temporalNamespace, deployment).then(
      () => console.log(`worker: ${deployment.name} version ${deployment.buildId} is current`),
      (e: Error) => console.error(`worker: ${e.message}`),
    );
  try {
    await running;
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
