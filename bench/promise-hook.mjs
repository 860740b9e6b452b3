#!/usr/bin/env node
// What the SDK's per-promise stack capture costs a certificate's workflow code, ours beside the ceiling's
// (issue 29: where the workflow thread's CPU goes). The TypeScript SDK installs a V8 promise hook in the
// thread that runs workflows (@temporalio/worker, workflow/vm-shared.js, GlobalHandlers.setPromiseHook):
// for every promise a workflow makes it captures a stack trace, maps its frames through the bundle's
// source map and keeps it for the `__stack_trace` query (the Temporal UI's "Stack Trace" tab). Its cost
// grows with the promises workflow code makes, and with promise hooks on, V8 also makes a promise for
// every `await`. Upstream: temporalio/sdk-typescript#1587 (open).
//
// Replays recorded histories in this process (Worker.runReplayHistories: the same workflow code and SDK,
// no server), each many times, measuring this process's CPU per replay, alternating:
//   - as shipped;
//   - without the hook (its install replaced by a no-op in this process only: a measurement, not a
//     setting the product uses);
// and counts the workflow promises one replay makes (a promise hook of this script's own, its
// constructor not this realm's Promise). Ours: worker/src/histories/certificate-bench.json (the bench's
// shape, 3 levels x 2-of-3, recorded by `npm run histories:record`); the ceiling:
// bench/ceiling/ceiling-history.json (its empty-handler workflow, `node bench/history-costs.mjs
// --record-ceiling`), its bundle built here.
//
//   node bench/promise-hook.mjs [--replays=200] [--rounds=2]      (needs `npm run build` first)
import console from 'node:console';
import process from 'node:process';
import v8 from 'node:v8';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');
const arg = (name, dflt) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.split('=')[1]) : dflt;
};
const replays = arg('replays', 200);
const rounds = arg('rounds', 2);

const { GlobalHandlers } = require('@temporalio/worker/lib/workflow/vm-shared.js');
const { DefaultLogger, Runtime, Worker } = require('@temporalio/worker');
const { temporal } = require('@temporalio/proto');

const install = GlobalHandlers.prototype.setPromiseHook;
let hookOn = true;
// The SDK installs its hooks once a thread (GlobalHandlers.install is idempotent), at the first replay:
// each variant runs in a process of its own below, which sets the switch before that.
GlobalHandlers.prototype.setPromiseHook = function setPromiseHook() {
  if (hookOn) install.call(this);
};

const ours = {
  name: 'ours',
  history: path.join(root, 'worker/src/histories/certificate-bench.json'),
  bundle: path.join(root, 'worker/dist/workflow-bundle.js'),
};
const ceilingSide = (bundle) => ({ name: 'ceiling', history: path.join(root, 'bench/ceiling/ceiling-history.json'), bundle });

async function replay(side, n) {
  const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(side.history, 'utf8')));
  const histories = Array.from({ length: n }, (_, i) => ({ workflowId: `${side.name}-${i}`, history }));
  for await (const r of Worker.runReplayHistories({ workflowBundle: { codePath: side.bundle } }, histories)) if (r.error) throw r.error;
}

// The replays run in their caller's thread (the SDK's replay worker), so the hook is on or off for the
// whole process: each variant runs in a child process of its own, the two alternating.
if (process.env.PROMISE_HOOK_VARIANT) {
  hookOn = process.env.PROMISE_HOOK_VARIANT === 'on';
  Runtime.install({ logger: new DefaultLogger('WARN') }); // not a line per replay worker's state
  const out = {};
  for (const side of [ours, ceilingSide(process.env.CEILING_BUNDLE)]) {
    await replay(side, 20); // warm-up: the VM, the JIT
    // the workflow promises of one replay, counted by a hook of this script's own, removed before the
    // measured replays (any promise hook makes V8 add a promise to every await)
    let promises = 0;
    const stop = v8.promiseHooks.onInit((p) => {
      if (p.constructor !== Promise) promises++;
    });
    await replay(side, 1);
    stop();
    const t0 = process.cpuUsage();
    await replay(side, replays);
    const cpu = process.cpuUsage(t0);
    out[side.name] = { promisesPerReplay: promises, cpuMsPerReplay: (cpu.user + cpu.system) / 1000 / replays };
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
}

const logDir = mkdtempSync(path.join(os.tmpdir(), 'grain-promise-hook-'));
const { buildCeilingBundle } = await import('./lib/ceiling.mjs');
const ceilingBundle = (await buildCeilingBundle(logDir)).file;
const results = { on: [], off: [] };
for (let r = 0; r < rounds; r++)
  for (const variant of r % 2 ? ['off', 'on'] : ['on', 'off']) {
    const text = execFileSync(process.execPath, [import.meta.filename, `--replays=${replays}`], {
      env: { ...process.env, PROMISE_HOOK_VARIANT: variant, CEILING_BUNDLE: ceilingBundle },
      encoding: 'utf8',
    });
    results[variant].push(JSON.parse(text.trim().split('\n').pop()));
  }
rmSync(logDir, { recursive: true, force: true });

const fmt = (xs) => xs.map((x) => x.toFixed(1)).join(' / ');
console.log(`CPU per replay (${replays} replays a variant, ${rounds} rounds, alternating), workflow promises per replay:`);
console.log('| history | promises | as shipped, ms | without the hook, ms | the hook, ms |');
console.log('|---|---:|---:|---:|---:|');
for (const side of ['ours', 'ceiling']) {
  const on = results.on.map((x) => x[side].cpuMsPerReplay);
  const off = results.off.map((x) => x[side].cpuMsPerReplay);
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`| ${side} | ${results.on[0][side].promisesPerReplay} | ${fmt(on)} | ${fmt(off)} | ${(mean(on) - mean(off)).toFixed(1)} |`);
}
