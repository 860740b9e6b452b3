// The worker process of the benchmarks: what worker/dist/main.js does (env -> config -> database ->
// adapters -> createWorker with the prebuilt bundle), plus two things a benchmark needs:
//  - worker tuning overrides from BENCH_WORKER_TUNING (JSON, passed to createWorker's `tuning`),
//  - BENCH_MAIL=pooled: the mail sender with its SMTP pool on (bench/lib/pooled-mail-sender.cjs),
//  - memory reports over IPC ('mem' -> { mem: process.memoryUsage() after a GC, cachedWorkflows };
//    'mem-settled' -> the same after a GC in every thread, median of 5: bench/lib/settled-memory.cjs).
// Run with --expose-gc so the heap figure is the live heap, not garbage waiting for collection.
// BENCH_ALLOC_PROF=<dir>: where the main thread allocates (V8's sampling heap profiler, counting objects
// the GC already collected too), written at stop as worker-<pid>.heapprofile (bench/lib/alloc-summary.mjs).
const { loadConfig, buildAdapters, closeAdapters } = require('@grain/adapters');
const { createStores, openDb } = require('@grain/persistence');
const { createWorker } = require('@grain/worker');
const { PooledSmtpMailSender } = require('./pooled-mail-sender.cjs');
const { sendMemory } = require('./settled-memory.cjs');

/** Starts the allocation sampling of BENCH_ALLOC_PROF; answers the function that writes its profile. */
async function allocationSampling(dir) {
  const { Session } = require('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return async () => {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    require('node:fs').writeFileSync(require('node:path').join(dir, `worker-${process.pid}.heapprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}

async function main() {
  const writeAllocations = process.env.BENCH_ALLOC_PROF ? await allocationSampling(process.env.BENCH_ALLOC_PROF) : undefined;
  const config = loadConfig(process.env);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  const stores = createStores(db.knex);
  const adapters = buildAdapters(config, stores);
  if (process.env.BENCH_MAIL === 'pooled') {
    adapters.mail.close?.();
    adapters.mail = new PooledSmtpMailSender(config.smtpUrl, config.mailFrom);
  }
  const tuning = JSON.parse(process.env.BENCH_WORKER_TUNING || '{}');
  const { worker, connection } = await createWorker({
    address: config.temporalAddress,
    namespace: config.temporalNamespace,
    taskQueue: config.taskQueue,
    deps: { config, stores, adapters },
    notifications: db.notifications,
    tuning,
  });
  process.on('message', (m) => {
    if (m === 'mem' || m === 'mem-settled') {
      // BENCH_HEAP_SNAPSHOT=<dir>: the main thread's heap at each memory reading (what the worker holds outside the workflow thread)
      if (process.env.BENCH_HEAP_SNAPSHOT)
        require('node:v8').writeHeapSnapshot(require('node:path').join(process.env.BENCH_HEAP_SNAPSHOT, `worker-${Date.now()}.heapsnapshot`));
      void sendMemory(m, worker);
    } else if (m === 'stop') {
      void (writeAllocations?.() ?? Promise.resolve()).finally(() => worker.shutdown());
    }
  });
  process.send({ ready: true, db: db.kind });
  try {
    await worker.run();
  } finally {
    await connection.close();
    await closeAdapters(adapters);
    await db.close();
    process.disconnect?.();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
