/**
 * The standalone worker (worker/dist/main.js) runs with WORKER_NODE_OPTIONS however it is launched
 * (issue 29, memory per cached workflow): started as the stack, the chaos run and docker-compose start it,
 * `node worker/dist/main.js` with no option, it replaces itself (same process id) by the same command
 * with the young generation capped, before it polls. What V8 got is read from the kernel's record of the
 * process's command line, not from the worker's own word.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WORKER_NODE_OPTIONS, WORKER_SEMI_SPACE_MB } from './runtime';

const MAIN = path.resolve(__dirname, '../dist/main.js');

let child: ChildProcess | undefined;
let dataDir: string;
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('a worker started as `node worker/dist/main.js` polls with its young generation capped (WORKER_NODE_OPTIONS)', async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'grain-worker-heap-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: '',
    TEMPORAL_ADDRESS: process.env.TEMPORAL_TEST_ADDRESS!,
    TEMPORAL_TASK_QUEUE: `worker-heap-${process.pid}-${Date.now()}`,
    CA_KEY_SECRET: 'worker-heap-test-ca-key-secret',
    DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL;
  const c = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child = c;
  let output = '';
  c.stdout!.on('data', (b) => (output += b));
  c.stderr!.on('data', (b) => (output += b));
  const until = Date.now() + 60_000;
  while (!output.includes('worker: polling task queue')) {
    if (c.exitCode !== null || Date.now() > until) throw new Error(`worker did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const cmdline = readFileSync(`/proc/${c.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  expect(cmdline).toEqual([process.execPath, ...WORKER_NODE_OPTIONS, MAIN]);
  expect(output).toContain(`; V8 semi-space ${WORKER_SEMI_SPACE_MB} MiB`);
}, 90_000);
