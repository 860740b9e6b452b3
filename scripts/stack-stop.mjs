#!/usr/bin/env node
// `npm run stack:stop`: stops what stack-start.mjs started, by its recorded pids (app first, Postgres
// last); the data stays for the next start unless --clean.
//   --dir=<dir>  --only=api,worker-1,worker-2,temporal-ui,temporal-frontend,temporal-matching,
//                temporal-worker,temporal-history,postgres  --signal=SIGKILL (a crash, for tests)
//   --clean      also delete the stack directory (database, logs, files)
import { rmSync } from 'node:fs';
import path from 'node:path';
import { COMPONENTS, defaultStackDir, stopStack } from './stack/stack.mjs';

const arg = (name) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : undefined;
};
const dir = path.resolve(arg('dir') || defaultStackDir());
const only = arg('only') ? arg('only').split(',') : COMPONENTS;
const unknown = only.filter((n) => !COMPONENTS.includes(n));
if (unknown.length) {
  process.stderr.write(`[stack] unknown component(s) ${unknown.join(', ')}; known: ${COMPONENTS.join(', ')}\n`);
  process.exit(2);
}
const stopped = await stopStack({ dir, only, signal: arg('signal') });
process.stderr.write(`[stack] ${stopped.length ? `stopped ${stopped.join(', ')}` : 'nothing was running'} (${dir})\n`);
if (process.argv.includes('--clean')) {
  rmSync(dir, { recursive: true, force: true });
  process.stderr.write(`[stack] removed ${dir}\n`);
}
