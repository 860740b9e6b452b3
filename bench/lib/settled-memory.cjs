// A worker process's memory as the benchmarks compare it (issue 29, item 5): the RSS once every thread
// has collected its garbage, the median of a few readings. A worker runs its workflows in worker threads
// (the SDK's workflow threads) with heaps of their own; `global.gc()` collects only the main thread's, so
// a reading right after it still counts whatever garbage the workflow threads had not yet collected, and
// one reading swung 1.0x-2.1x against the ceiling's with the load. Each thread is collected here through
// the process's own inspector (NodeWorker.sendMessageToWorker: HeapProfiler.collectGarbage); the reading
// taken after the main thread's GC alone is kept beside it (`mainGcOnly`), as the reports showed before.
// Used by the ceiling's worker process and ours alike (bench/lib/*worker-process.cjs).
const inspector = require('node:inspector');

/** Collects garbage in every worker thread of this process; answers how many threads it reached. */
async function gcEveryWorkerThread() {
  const s = new inspector.Session();
  s.connect();
  const post = (method, params) => new Promise((resolve, reject) => s.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  const sessions = [];
  const answers = new Map();
  s.on('NodeWorker.attachedToWorker', (m) => sessions.push(m.params.sessionId));
  s.on('NodeWorker.receivedMessageFromWorker', (m) => {
    const r = JSON.parse(m.params.message);
    answers.get(r.id)?.(r);
  });
  try {
    // attachedToWorker arrives for each running thread before enable answers
    await post('NodeWorker.enable', { waitForDebuggerOnStart: false });
    await Promise.all(
      sessions.map(async (sessionId, i) => {
        const answered = new Promise((resolve) => answers.set(i + 1, resolve));
        await post('NodeWorker.sendMessageToWorker', { sessionId, message: JSON.stringify({ id: i + 1, method: 'HeapProfiler.collectGarbage' }) });
        const r = await Promise.race([answered, new Promise((resolve) => setTimeout(() => resolve({ error: 'no answer in 10 s' }), 10_000).unref())]);
        if (r.error) throw new Error(`GC in worker thread: ${JSON.stringify(r.error)}`);
      }),
    );
    return sessions.length;
  } finally {
    await post('NodeWorker.disable').catch(() => undefined);
    s.disconnect();
  }
}

/**
 * `readings` readings `gapMs` apart, each after a GC in every thread; answers the one of median RSS
 * (`mem`), all RSS readings, the threads collected and the reading after the main thread's GC alone.
 */
async function settledMemory({ readings = 5, gapMs = 200 } = {}) {
  global.gc?.();
  const mainGcOnly = process.memoryUsage();
  const all = [];
  let threads = 0;
  for (let i = 0; i < readings; i++) {
    if (i) await new Promise((r) => setTimeout(r, gapMs));
    threads = await gcEveryWorkerThread();
    global.gc?.();
    all.push(process.memoryUsage());
  }
  const mem = [...all].sort((a, b) => a.rss - b.rss)[Math.floor(all.length / 2)];
  return { mem, mainGcOnly, rssReadings: all.map((m) => m.rss), threads };
}

/**
 * Asks a worker process (bench/lib/*worker-process.cjs) for its memory: `next()` answers its next IPC
 * message; settled: after a GC in every thread (settledMemory), else after the main thread's GC only.
 */
async function workerMemory(next, child, settled) {
  const answer = next();
  child.send(settled ? 'mem-settled' : 'mem');
  const m = await answer;
  if (m.error) throw new Error(`worker memory: ${m.error}`);
  return m;
}

/**
 * A worker's memory with the number of workflows its SDK worker holds: settled (settledMemory) or after
 * the main thread's GC only.
 */
async function memoryOf(settled, worker) {
  const m = settled ? await settledMemory() : (global.gc?.(), { mem: process.memoryUsage() });
  return { ...m, cachedWorkflows: worker.getStatus().numCachedWorkflows };
}

/** A worker process's answer to workerMemory's request over IPC ('mem' or 'mem-settled'). */
async function sendMemory(request, worker) {
  try {
    process.send(await memoryOf(request === 'mem-settled', worker));
  } catch (e) {
    process.send({ error: e.message });
  }
}

module.exports = { settledMemory, gcEveryWorkerThread, workerMemory, memoryOf, sendMemory };
