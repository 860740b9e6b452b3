#!/usr/bin/env node
// `npm test`: system packages and the Temporal CLI present, build once, then jest:
//   1. unit, workflow, API and UI component tests (projects node + ui), two workers;
//   1b. the production stack (project stack: server/src/production-stack.test.ts), alone;
//   2. browser end-to-end tests (project e2e), one at a time — each runs the whole app and Chromium.
// Extra arguments go to jest and replace the default selection (e.g. `npm test -- domain/src`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLogged } from './build-logged.mjs';
import { ensureTemporal } from './ensure-temporal.mjs';
import { requireSupportedNode } from './node-runtime.mjs';

requireSupportedNode('npm test');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const totals = { passed: 0, failed: 0, skipped: 0 };
const reports = mkdtempSync(path.join(tmpdir(), 'grain-test-'));

function summary() {
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  rmSync(reports, { recursive: true, force: true });
}

function run(cmd, args, env = process.env) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) {
    if (cmd === 'npx') summary();
    process.exit(r.status ?? 1);
  }
}

/** One jest run; its counts are added to the closing summary line. */
function jestRun(args, env) {
  const out = path.join(reports, `run-${Date.now()}.json`);
  const r = spawnSync('npx', ['jest', '--forceExit', '--json', `--outputFile=${out}`, ...args], { stdio: 'inherit', env });
  try {
    const j = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += j.numPassedTests;
    totals.failed += j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
    totals.skipped += j.numPendingTests + j.numTodoTests;
  } catch {
    totals.failed += 1;
  }
  if (r.status !== 0) {
    summary();
    process.exit(r.status ?? 1);
  }
}

run(process.execPath, [new URL('./ensure-system.mjs', import.meta.url).pathname, '--for=test']);
const bin = await ensureTemporal();
if (
  !process.env.SKIP_BUILD &&
  !(await buildLogged({ root, logFile: path.join(root, 'data', 'logs', 'test-build.log'), say: (m) => console.log(`[test] ${m}`) }))
)
  process.exit(1);
// PGlite loads its WebAssembly bundle with a dynamic import, which jest's VM allows only with this flag
// (an experimental one: its warning is left out of the output).
const env = {
  ...process.env,
  TEMPORAL_CLI: bin,
  // Tests provoke the worker's warnings on purpose (wrong codes, killed workers, late completions):
  // only its errors are shown unless TEMPORAL_LOG_LEVEL asks for more.
  TEMPORAL_LOG_LEVEL: process.env.TEMPORAL_LOG_LEVEL || 'ERROR',
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --disable-warning=ExperimentalWarning`.trim(),
};
const extra = process.argv.slice(2);
if (extra.length) {
  jestRun(['--maxWorkers=2', ...extra], env);
} else {
  jestRun(['--maxWorkers=2', '--selectProjects', 'node', 'ui'], env);
  jestRun(['--runInBand', '--selectProjects', 'stack'], env);
  jestRun(['--runInBand', '--selectProjects', 'e2e'], env);
}
summary();
