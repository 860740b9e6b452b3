// Starting and stopping the whole stack (see scripts/stack-start.mjs). The stack's directory holds
// stack.json (ports and the database password, kept for the next start), pids.json, logs/, pg/ (the
// database cluster), ui/ (the Web UI's config) and app-data/ (the app's stored files).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureTemporal, findTemporal } from '../ensure-temporal.mjs';
import { ensureTemporalStack, findTemporalStack } from '../ensure-temporal-server.mjs';
import { appEnv, NEXT_WORKER, startApi, startWorkers, WORKER_NAMES } from './app.mjs';
import { startPostgres, dbUrl } from './postgres.mjs';
import { startProcess, stopProcesses } from './processes.mjs';
import { registerNamespace, serviceName, setupSchema, startServices, startUi } from './temporal.mjs';
import { ROOT, stackPorts, TEMPORAL_SERVICES } from './topology.mjs';

export function defaultStackDir() {
  return path.join(process.env.DATA_DIR || path.join(ROOT, 'data'), 'stack');
}

/** Every component, in stop order (the app first, the database last). */
export const COMPONENTS = [
  'watchdog',
  'api',
  ...WORKER_NAMES,
  NEXT_WORKER,
  'temporal-ui',
  ...['frontend', 'matching', 'worker', 'history'].map(serviceName),
  'postgres',
];

/** stack.json: made on the first start, read on every later one (the password is in the database). */
function stackState(dir, basePort) {
  const file = path.join(dir, 'stack.json');
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8'));
    if (basePort !== undefined && s.basePort !== basePort)
      throw new Error(`${dir} was set up with base port ${s.basePort}; stop it and use that, or another --dir`);
    // a stack made before the CA key secret was required gets one now (the keys are wrapped under it at start)
    if (!s.caKeySecret) {
      s.caKeySecret = randomBytes(32).toString('base64url');
      writeFileSync(file, JSON.stringify(s, null, 1), { mode: 0o600 });
    }
    return s;
  }
  mkdirSync(dir, { recursive: true });
  const s = {
    basePort: basePort ?? null,
    password: process.env.POSTGRES_PASSWORD || randomBytes(18).toString('base64url'),
    // wraps the company CA and seal keys (CA_KEY_SECRET from the environment wins)
    caKeySecret: randomBytes(32).toString('base64url'),
    ports: stackPorts({ basePort }),
  };
  writeFileSync(file, JSON.stringify(s, null, 1), { mode: 0o600 });
  return s;
}

/**
 * Starts what is not running, in dependency order; a second call after a crash or a kill starts only
 * the missing parts (`only` narrows it to named components). Resolves with the stack's addresses.
 */
export async function startStack({ dir = defaultStackDir(), basePort, build = true, ownerPid, only, log = (m) => console.error(`[stack] ${m}`) } = {}) {
  dir = path.resolve(dir);
  const paths = build ? await ensureTemporalStack() : findTemporalStack();
  if (!paths) throw new Error('the Temporal server binaries are not in the cache; build them with `npm run stack:ensure`');
  const cli = build ? await ensureTemporal() : findTemporal();
  if (!cli) throw new Error('the Temporal CLI is not in the cache; build it with `npm run temporal:ensure`');
  const { ports, password, caKeySecret } = stackState(dir, basePort);
  const wants = (name) => !only || only.includes(name);
  const env = appEnv({ dir, ports, password, caKeySecret });
  const started = Date.now();

  if (ownerPid && wants('watchdog')) {
    startProcess(dir, 'watchdog', process.execPath, [path.join(import.meta.dirname, 'watchdog.mjs'), dir, String(ownerPid)], { env: process.env });
  }
  const pg = wants('postgres') ? await startPostgres({ dir, ports, password, log }) : undefined;
  if (!only) await setupSchema({ paths, ports, password, log });
  await startServices({ dir, paths, ports, password, log, only: TEMPORAL_SERVICES.filter((s) => wants(serviceName(s))) });
  if (!only) await registerNamespace({ cli, ports, log });
  const uiUrl = wants('temporal-ui') ? await startUi({ dir, paths, ports, publicUrl: env.PUBLIC_URL, log }) : `http://127.0.0.1:${ports.ui}`;
  await startWorkers({ dir, ports, env, log, only: [...WORKER_NAMES.filter(wants), ...(only?.includes(NEXT_WORKER) ? [NEXT_WORKER] : [])] });
  const appUrl = wants('api') ? await startApi({ dir, ports, env, log }) : `http://127.0.0.1:${ports.app}`;
  log(`up in ${((Date.now() - started) / 1000).toFixed(1)} s (${dir})`);
  return {
    dir,
    ports,
    appUrl,
    uiUrl,
    publicUrl: env.PUBLIC_URL,
    temporalAddress: env.TEMPORAL_ADDRESS,
    databaseUrl: dbUrl(ports, password),
    taskQueue: env.TEMPORAL_TASK_QUEUE || defaultTaskQueue(),
    mail: env.SMTP_URL ? env.SMTP_URL.replace(/\/\/[^@]*@/, '//***@') : `dev mailbox ${env.PUBLIC_URL}/dev/mailbox (no SMTP_URL set)`,
    postgresVersion: pg?.version,
    serverVersion: paths.serverVersion,
    uiVersion: paths.uiVersion,
  };
}

/** The queue the app's workers poll when none is set: the adapters' default (adapters/dist, built by then). */
function defaultTaskQueue() {
  return createRequire(import.meta.url)('../../adapters/dist/config.js').DEFAULT_TASK_QUEUE;
}

/** Stops the named components (default: all) by their recorded pids, in stop order. */
export async function stopStack({ dir = defaultStackDir(), only = COMPONENTS, signal } = {}) {
  dir = path.resolve(dir);
  return stopProcesses(
    dir,
    COMPONENTS.filter((c) => only.includes(c)),
    signal ? { signal, graceMs: signal === 'SIGKILL' ? 0 : 15_000 } : {},
  );
}
