// The worker of the ceiling (bench/ceiling/ceiling-workflow.cjs): the SDK's Worker with the same
// options createWorker gives the certificate worker (WORKER_SIZING), its own process like the bench's
// worker, no activities (the commands ceiling: one, with an empty handler, its PDF). Reports memory over
// IPC like bench/lib/worker-process.cjs.
const { NativeConnection, Worker } = require('@temporalio/worker');
const { WORKER_SIZING, limitBufferPool } = require('@grain/worker');
const { sendMemory } = require('./settled-memory.cjs');

async function main() {
  // the same process setting as createWorker's (installTemporalRuntime): the same worker setup
  limitBufferPool();
  const connection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS });
  const worker = await Worker.create({
    connection,
    taskQueue: process.env.TEMPORAL_TASK_QUEUE,
    workflowBundle: { codePath: process.env.CEILING_BUNDLE },
    // only for the commands ceiling: the empty-handler ceiling keeps no activity pollers
    ...(process.env.CEILING_COMMANDS ? { activities: { ceilingPdf: async () => undefined } } : {}),
    ...WORKER_SIZING,
    ...JSON.parse(process.env.BENCH_WORKER_TUNING || '{}'),
  });
  process.on('message', (m) => {
    if (m === 'mem' || m === 'mem-settled') {
      void sendMemory(m, worker);
    } else if (m === 'stop') {
      worker.shutdown();
    }
  });
  process.send({ ready: true });
  try {
    await worker.run();
  } finally {
    await connection.close();
    process.disconnect?.();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
