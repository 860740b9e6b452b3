// The app on the stack: worker processes (worker/dist/main.js) and the API (server/dist/main.js with
// API_PROCESSES=2, WORKER_IN_PROCESS=false), all on the stack's Postgres and Temporal frontend.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { logFile, startProcess, waitUntil } from './processes.mjs';
import { APP_API_ENV, NAMESPACE, ROOT, WORKER_DEPLOYMENT, WORKER_PROCESSES } from './topology.mjs';
import { dbUrl } from './postgres.mjs';

export const workerName = (i) => `worker-${i}`;
export const WORKER_NAMES = Array.from({ length: WORKER_PROCESSES }, (_, i) => workerName(i + 1));
/**
 * A worker of the next version (build id `next`), started only when asked for (`--only=worker-next`):
 * what a deploy of new workflow code starts beside the running version; it becomes current once polling.
 */
export const NEXT_WORKER = 'worker-next';

const WORKER_MAIN = path.join(ROOT, 'worker', 'dist', 'main.js');
const SERVER_MAIN = path.join(ROOT, 'server', 'dist', 'main.js');

/** What the API and the workers share. SMTP_URL from the caller's environment, else the dev mailbox. */
export function appEnv({ dir, ports, password, caKeySecret, env = process.env }) {
  const publicUrl = env.PUBLIC_URL || `http://localhost:${ports.app}`;
  const out = {
    ...env,
    WORKER_DEPLOYMENT_NAME: WORKER_DEPLOYMENT,
    WORKER_PROMOTE: 'true',
    DATABASE_URL: dbUrl(ports, password),
    CA_KEY_SECRET: env.CA_KEY_SECRET || caKeySecret,
    TEMPORAL_ADDRESS: `127.0.0.1:${ports.frontend}`,
    TEMPORAL_NAMESPACE: NAMESPACE,
    TEMPORAL_UI_URL: env.TEMPORAL_UI_URL || `http://localhost:${ports.ui}`,
    PUBLIC_URL: publicUrl,
    PORT: String(ports.app),
    HOST: env.HOST || '127.0.0.1',
    DATA_DIR: path.join(dir, 'app-data'),
    SMTP_CATCHER_PORT: String(ports.smtpCatcher),
  };
  // the stack's own values win over whatever the caller's shell holds for another setup
  for (const k of ['TEMPORAL_CLI', 'WORKER_IN_PROCESS', 'API_PROCESSES', 'WORKER_BUILD_ID']) delete out[k];
  return out;
}

function builtOrThrow() {
  for (const f of [WORKER_MAIN, SERVER_MAIN, path.join(ROOT, 'worker', 'dist', 'workflow-bundle.js'), path.join(ROOT, 'ui', 'dist', 'index.html')])
    if (!existsSync(f)) throw new Error(`${path.relative(ROOT, f)} is missing: run \`npm run build\` first`);
}

export async function startWorkers({ dir, ports, env, log, only = WORKER_NAMES }) {
  builtOrThrow();
  for (const [i, name] of [...WORKER_NAMES, NEXT_WORKER].entries()) {
    if (!only.includes(name)) continue;
    const { started } = startProcess(dir, name, process.execPath, [WORKER_MAIN], {
      env: name === NEXT_WORKER ? { ...env, WORKER_BUILD_ID: 'next' } : { ...env, WORKER_METRICS_ADDRESS: `127.0.0.1:${ports.workerMetrics[i]}` },
      cwd: ROOT,
    });
    const since = started ? readLog(dir, name).length : 0;
    await waitUntil(dir, name, () => readLog(dir, name).slice(since).includes('worker: polling task queue'), { what: 'polling', timeoutMs: 60_000 });
    if (started)
      log(name === NEXT_WORKER ? `${name} polling (the next version)` : `${name} polling (metrics http://127.0.0.1:${ports.workerMetrics[i]}/metrics)`);
  }
}

const readLog = (dir, name) => {
  try {
    return readFileSync(logFile(dir, name), 'utf8');
  } catch {
    return '';
  }
};

export async function startApi({ dir, ports, env, log }) {
  builtOrThrow();
  const { started } = startProcess(dir, 'api', process.execPath, [SERVER_MAIN], { env: { ...env, ...APP_API_ENV }, cwd: ROOT });
  const url = `http://127.0.0.1:${ports.app}`;
  await waitUntil(
    dir,
    'api',
    async () => {
      const r = await fetch(`${url}/api/health`);
      return r.ok;
    },
    { what: 'healthy', timeoutMs: 90_000 },
  );
  if (started) log(`API (${APP_API_ENV.API_PROCESSES} processes) on ${url}`);
  return url;
}
