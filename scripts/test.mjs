#!/usr/bin/env node
// `npm test`: system packages and the Temporal CLI present, build once, then jest:
//   1. unit, workflow, API and UI component tests (projects node + ui), two workers;
//   2. browser end-to-end tests (project e2e), one at a time — each runs the whole app and Chromium.
// Extra arguments go to jest and replace the default selection (e.g. `npm test -- domain/src`).
import { spawnSync } from 'node:child_process';
import { ensureTemporal } from './ensure-temporal.mjs';

function run(cmd, args, env = process.env) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run(process.execPath, [new URL('./ensure-system.mjs', import.meta.url).pathname, '--for=test']);
const bin = await ensureTemporal();
if (!process.env.SKIP_BUILD) run('npm', ['run', 'build', '--silent']);
// PGlite loads its WebAssembly bundle with a dynamic import, which jest's VM allows only with this flag.
const env = { ...process.env, TEMPORAL_CLI: bin, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() };
const jest = ['jest', '--forceExit'];
const extra = process.argv.slice(2);
if (extra.length) {
  run('npx', [...jest, '--maxWorkers=2', ...extra], env);
} else {
  run('npx', [...jest, '--maxWorkers=2', '--selectProjects', 'node', 'ui'], env);
  run('npx', [...jest, '--runInBand', '--selectProjects', 'e2e'], env);
}
