// The ceiling system: bench/ceiling/ceiling-workflow.cjs (empty handlers) on the same dev server, its
// worker in its own process with the certificate worker's settings (WORKER_SIZING + the same tuning),
// driven like a certificate: start with the same input, then per signature a requestOtp Update and a
// sign Update. Same interface as startSystem (bench/lib/env.mjs), so throughput and inflight run it too.
import console from 'node:console';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import { fork } from 'node:child_process';
import { openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { workerMemory } from './settled-memory.cjs';

const require = createRequire(import.meta.url);
const { Client, Connection } = require('@temporalio/client');
const { bundleWorkflowCode } = require('@temporalio/worker');
const { certificateStartSearchAttributes } = require('@grain/workflows');
// the certificate worker's Node options: the same process settings as ours, so the comparison stays one of work
const { WORKER_NODE_OPTIONS } = require('@grain/worker');

const WORKFLOW = path.resolve(import.meta.dirname, '../ceiling/ceiling-workflow.cjs');

/** Bundles the ceiling workflow once per bench run (the SDK's bundler, as worker/ build:bundle does ours). */
export async function buildCeilingBundle(logDir) {
  const { code } = await bundleWorkflowCode({
    workflowsPath: WORKFLOW,
    logger: { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} },
  });
  const file = path.join(logDir, 'ceiling-bundle.js');
  writeFileSync(file, code);
  return { file, bytes: Buffer.byteLength(code) };
}

const ceilingDriver = {
  kind: 'ceiling',
  submit(sys, draft) {
    const input = { certificate: draft, submittedBy: { id: draft.submitter.id, name: draft.submitter.name } };
    return sys.client.workflow.start(sys.commands ? 'ceilingCommandsWorkflow' : 'ceilingWorkflow', {
      workflowId: `ceiling-${draft.id}`,
      taskQueue: sys.taskQueue,
      args: [input],
      // the commands ceiling starts as ours does: with the certificate's search attributes
      ...(sys.commands ? { typedSearchAttributes: certificateStartSearchAttributes(input, 'Bench Ceiling Co') } : {}),
    });
  },
  // The same calls a signature makes, minus what only ours has (the mailed code, its verification, the
  // read model): the sign Update's answer is the ceiling's "visible".
  async signOnce(sys, handle, draft, who) {
    const actor = { id: `${draft.id}-${who}`, name: `Signer ${who}` };
    const t0 = performance.now();
    await handle.executeUpdate('requestOtp', { args: [{ actor }] });
    const t1 = performance.now();
    const state = await handle.executeUpdate('sign', { args: [{ actor, otpId: 'none' }] });
    const t2 = performance.now();
    return { state, otpMs: t1 - t0, signMs: t2 - t1, visibleMs: t2 - t1, extraReads: 0 };
  },
  async countDone() {
    return NaN; // no read model
  },
  finished: (state) => state.status === 'done',
};

/**
 * `commands`: the workflow started is ceilingCommandsWorkflow (the platform commands of the certificate's
 * design with nothing behind them) instead of the empty-handler ceilingWorkflow.
 */
export async function startCeilingSystem({ temporal, bundle, tuning = {}, logDir, commands = false }) {
  const taskQueue = `bench-ceiling-${Date.now().toString(36)}`;
  const connection = await Connection.connect({ address: temporal.address });
  const client = new Client({ connection });
  const out = openSync(path.join(logDir, `${taskQueue}.log`), 'a');
  const child = fork(path.resolve(import.meta.dirname, 'ceiling-worker-process.cjs'), [], {
    execArgv: ['--expose-gc', ...WORKER_NODE_OPTIONS, ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    stdio: ['ignore', out, out, 'ipc'],
    env: {
      ...process.env,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      CEILING_BUNDLE: bundle.file,
      ...(commands ? { CEILING_COMMANDS: '1' } : {}),
      BENCH_WORKER_TUNING: JSON.stringify(tuning),
    },
  });
  const replies = [];
  child.on('message', (m) => replies.shift()?.(m));
  const next = () =>
    new Promise((resolve, reject) => {
      replies.push(resolve);
      child.once('exit', (c) => reject(new Error(`ceiling worker exited (${c}); see ${logDir}/${taskQueue}.log`)));
    });
  await next();
  return {
    topology: commands ? 'ceiling with commands' : 'ceiling',
    commands,
    driver: ceilingDriver,
    client,
    taskQueue,
    mailbox: { count: 0 },
    workerPid: child.pid,
    memory: ({ settled = false } = {}) => workerMemory(next, child, settled),
    async close() {
      await new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
        child.send('stop');
      });
      await connection.close();
    },
  };
}
