#!/usr/bin/env node
// `npm start`: build, start the Temporal dev server (unless TEMPORAL_ADDRESS is set) with its
// database under ./data, then the application (server/dist/main.js). Ctrl-C stops every child.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLogged } from './build-logged.mjs';
import { ensureTemporal } from './ensure-temporal.mjs';
import { startDevServer } from './temporal-dev.mjs';
import { requireSupportedNode } from './node-runtime.mjs';

requireSupportedNode('npm start');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, 'data'));
mkdirSync(dataDir, { recursive: true });
const say = (m) => console.log(`[start] ${m}`);

spawnSync(process.execPath, [path.join(root, 'scripts/ensure-system.mjs'), '--for=start', '--soft'], { stdio: 'inherit' });

if (!process.env.SKIP_BUILD || !existsSync(path.join(root, 'server/dist/main.js'))) {
  if (!(await buildLogged({ root, logFile: path.join(dataDir, 'logs', 'build.log'), say }))) process.exit(1);
}

const children = [];
let temporal;
const env = { ...process.env, DATA_DIR: dataDir };
if (!process.env.TEMPORAL_ADDRESS) {
  const bin = await ensureTemporal();
  const port = Number(process.env.TEMPORAL_PORT || 7233);
  const uiPort = Number(process.env.TEMPORAL_UI_PORT || 8233);
  say(`starting Temporal dev server on ${port} (Web UI ${uiPort}), database ${path.join(dataDir, 'temporal.db')}`);
  temporal = await startDevServer({ bin, port, uiPort, dbFile: path.join(dataDir, 'temporal.db'), logFile: path.join(dataDir, 'temporal.log') });
  env.TEMPORAL_ADDRESS = temporal.address;
  env.TEMPORAL_UI_URL = env.TEMPORAL_UI_URL || `http://localhost:${uiPort}`;
  env.GRAIN_TEMPORAL_EMBEDDED = '1';
  temporal.child.on('exit', (code, sig) => {
    if (!stopping) {
      say(`Temporal dev server exited (${code ?? sig}); stopping`);
      shutdown(1);
    }
  });
}

// LEDGER=fabric without a configured peer: run the project's own local Fabric network (scripts/fabric-*.mjs).
let fabricDir;
if (process.env.LEDGER === 'fabric' && !process.env.FABRIC_PEER_ENDPOINT) {
  const { startNetwork } = await import('./fabric-network.mjs');
  fabricDir = path.join(dataDir, 'fabric');
  say(`starting the local Fabric network in ${fabricDir}`);
  Object.assign(env, (await startNetwork({ dir: fabricDir })).env);
}

// When the worker runs in the server's process (WORKER_IN_PROCESS, by default without DATABASE_URL), the
// process starts with the worker's Node options (worker/src/runtime.ts: its young generation capped).
const require = createRequire(import.meta.url);
const workerInProcess = (() => {
  try {
    return require(path.join(root, 'adapters/dist')).loadConfig(env).workerInProcess;
  } catch {
    return false; // the server says what is wrong with the configuration
  }
})();
const nodeOptions = workerInProcess ? require(path.join(root, 'worker/dist/node-options.js')).WORKER_NODE_OPTIONS : [];
const app = spawn(process.execPath, ['--enable-source-maps', ...nodeOptions, path.join(root, 'server/dist/main.js')], { cwd: root, env, stdio: 'inherit' });
children.push(app);
app.on('exit', (code) => {
  if (!stopping) shutdown(code ?? 1);
});

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r)))));
  if (temporal) await temporal.stop();
  if (fabricDir) await (await import('./fabric-network.mjs')).stopNetwork({ dir: fabricDir });
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
