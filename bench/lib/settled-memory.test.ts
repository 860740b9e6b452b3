/**
 * The benchmarks' memory reading (bench/lib/settled-memory.cjs) collects the garbage of every worker
 * thread, not only the main thread's: a thread that left ~140 MB of garbage and allocates nothing more
 * keeps it until something collects it, and a reading of the process's RSS would count it.
 *
 * It runs in a process of its own, as in the benchmarks' worker processes (node --expose-gc, a few
 * threads): inside Jest's own process the inspector session it opens can hang Jest's event loop.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

const SCRIPT = `
const { Worker } = require('node:worker_threads');
const { gcEveryWorkerThread, settledMemory } = require(${JSON.stringify(path.join(__dirname, 'settled-memory.cjs'))});
const w = new Worker(\`const { parentPort } = require('node:worker_threads');
  const v8 = require('node:v8');
  parentPort.on('message', (m) => {
    if (m === 'make') {
      let junk = [];
      for (let i = 0; i < 600000; i++) junk.push({ i, s: 'x'.repeat(40) + i });
      junk = null;
    }
    parentPort.postMessage(v8.getHeapStatistics().used_heap_size);
  });\`, { eval: true });
const answers = [];
w.on('message', (n) => answers.shift()(n));
const ask = (m) => { const p = new Promise((r) => answers.push(r)); w.postMessage(m); return p; };
(async () => {
  // V8 may collect the thread's garbage on its own (a GC it scheduled after the allocation): then that
  // round shows nothing, and the garbage is made again
  const rounds = [];
  for (let i = 0; i < 5; i++) {
    const r = { made: await ask('make'), again: await ask('used') };
    rounds.push(r);
    if (r.again < 40 * 2 ** 20) continue;
    r.threads = await gcEveryWorkerThread();
    r.afterGc = await ask('used');
    break;
  }
  await ask('make');
  const settled = await settledMemory({ readings: 3, gapMs: 10 });
  const afterSettled = await ask('used');
  await w.terminate();
  process.stdout.write(JSON.stringify({ rounds, settled, afterSettled }));
})().catch((e) => { console.error(e); process.exit(1); });
`;

type Round = { made: number; again: number; threads?: number; afterGc?: number };
type Out = {
  rounds: Round[];
  settled: { mem: { rss: number }; mainGcOnly: { rss: number }; rssReadings: number[]; threads: number };
  afterSettled: number;
};

const run = () =>
  new Promise<Out>((resolve, reject) =>
    execFile(process.execPath, ['--expose-gc', '-e', SCRIPT], { timeout: 60_000 }, (e, stdout, stderr) =>
      e ? reject(new Error(`${e.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as Out),
    ),
  );

describe('settled memory: garbage in worker threads', () => {
  it("collects a worker thread's garbage, which stays there otherwise, and answers the reading of median RSS", async () => {
    const o = await run();
    const MB = 2 ** 20;
    // the round in which the garbage stayed until it was collected from outside
    const r = o.rounds[o.rounds.length - 1];
    expect(r.made).toBeGreaterThan(40 * MB);
    expect(r.again).toBeGreaterThan(40 * MB);
    expect(r.threads).toBe(1);
    expect(r.afterGc).toBeLessThan(10 * MB);
    // settledMemory collects it too, and reads after
    expect(o.afterSettled).toBeLessThan(10 * MB);
    expect(o.settled.threads).toBe(1);
    expect(o.settled.rssReadings).toHaveLength(3);
    expect(o.settled.mem.rss).toBe([...o.settled.rssReadings].sort((a, b) => a - b)[1]);
    expect(o.settled.mainGcOnly.rss).toBeGreaterThan(0);
  });
});
