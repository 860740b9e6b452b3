#!/usr/bin/env node
// `npm test`: build once, make sure the Temporal CLI exists, then one jest run over the workspace.
// Extra arguments go to jest (e.g. `npm test -- domain/src`).
import { spawnSync } from 'node:child_process';
import { ensureTemporal } from './ensure-temporal.mjs';

function run(cmd, args, env = process.env) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const bin = await ensureTemporal();
if (!process.env.SKIP_BUILD) run('npm', ['run', 'build', '--silent']);
const extra = process.argv.slice(2);
run('npx', ['jest', '--maxWorkers=2', '--forceExit', ...extra], { ...process.env, TEMPORAL_CLI: bin, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() });
