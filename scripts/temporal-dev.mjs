// Starts the Temporal dev server (the CLI built by ensure-temporal.mjs) with the project's settings.
// Used by `npm start` (file database under ./data) and by the test suite (in memory, free ports).
import { spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Custom search attributes of certificate workflows: read from the domain package so there is one list. */
export function searchAttributeArgs() {
  let attrs;
  try {
    attrs = require('../domain/dist/search-attributes.js').SEARCH_ATTRIBUTES;
  } catch {
    throw new Error('domain package is not built: run `npm run build` first');
  }
  return Object.entries(attrs).flatMap(([k, t]) => ['--search-attribute', `${k}=${t}`]);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export function devServerArgs({ port, uiPort, dbFile, headless = false, logLevel = 'warn', metricsPort }) {
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--log-level',
    logLevel,
    '--namespace',
    'default',
    ...searchAttributeArgs(),
    // Visibility queries (lists, Web UI) are rate limited to 10/s per namespace by default; the API's
    // detail pages and the operators' UI need more on a busy harvest day.
    '--dynamic-config-value',
    'frontend.namespaceRPS.visibility=2000',
    '--dynamic-config-value',
    'frontend.namespaceBurstRatio.visibility=2',
    // The CLI's default (true) reads the cluster metadata and the namespace from SQLite on every
    // search-attribute read (each start, upsert and visibility write), under one lock: ~5 % of the dev
    // server's CPU per certificate in a profile. Ours are registered before it serves (--search-attribute
    // above) and never added later, so the cache is always right (scripts/temporal-dev.test.ts).
    '--dynamic-config-value',
    'system.forceSearchAttributesCacheRefreshOnRead=false',
  ];
  if (dbFile) {
    args.push('--db-filename', dbFile, '--sqlite-pragma', 'journal_mode=WAL', '--sqlite-pragma', 'synchronous=NORMAL');
  }
  // The CLI always serves Prometheus metrics (on a random free port unless given one).
  if (metricsPort) args.push('--metrics-port', String(metricsPort));
  if (headless) args.push('--headless');
  else args.push('--ui-port', String(uiPort), '--ui-ip', '127.0.0.1');
  return args;
}

async function waitForPort(port, ms, child) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`temporal dev server exited with code ${child.exitCode}`);
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`temporal dev server did not listen on ${port} within ${ms} ms`);
}

/** Waits until the frontend answers gRPC and the default namespace is registered. */
async function waitForNamespace(address, ms) {
  const { Connection } = require('@temporalio/client');
  const until = Date.now() + ms;
  let lastErr;
  while (Date.now() < until) {
    try {
      const conn = await Connection.connect({ address, connectTimeout: 2000 });
      try {
        await conn.workflowService.describeNamespace({ namespace: 'default' });
        return;
      } finally {
        await conn.close();
      }
    } catch (e) {
      lastErr = e;
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error(`temporal dev server at ${address} not ready: ${lastErr?.message}`);
}

/**
 * Spawns the dev server and resolves once it serves the default namespace.
 * `metricsPort`: where the server's Prometheus metrics are served (/metrics), else a random free port.
 * @returns {{ address: string, port: number, uiPort?: number, child: import('node:child_process').ChildProcess, stop(): Promise<void> }}
 */
export async function startDevServer({ bin, port, uiPort, metricsPort, dbFile, headless, logFile, readyTimeoutMs = 60000 }) {
  port = port ?? (await freePort());
  if (!headless) uiPort = uiPort ?? (await freePort());
  if (dbFile) mkdirSync(path.dirname(dbFile), { recursive: true });
  const out = logFile ? openSync(logFile, 'a') : 'ignore';
  // A small shell guard runs the server and ends it when this Node process dies, however it dies
  // (a crashed or killed test run must not leave a dev server behind).
  const guard = `"$0" "$@" & child=$!
trap 'kill -TERM $child 2>/dev/null; wait $child; exit 0' TERM INT
while kill -0 ${process.pid} 2>/dev/null && kill -0 $child 2>/dev/null; do sleep 1 & wait $!; done
kill -TERM $child 2>/dev/null; wait $child`;
  const child = spawn('sh', ['-c', guard, bin, ...devServerArgs({ port, uiPort, dbFile, headless, metricsPort })], { stdio: ['ignore', out, out] });
  const address = `127.0.0.1:${port}`;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode) return resolve();
      const t = setTimeout(() => child.kill('SIGKILL'), 10000);
      child.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
      child.kill('SIGTERM');
    });
  try {
    await waitForPort(port, readyTimeoutMs, child);
    await waitForNamespace(address, readyTimeoutMs);
  } catch (e) {
    await stop();
    throw e;
  }
  return { address, port, uiPort, child, stop };
}
