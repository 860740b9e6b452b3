import cluster, { type Worker as ClusterWorker } from 'node:cluster';
import { ConfigError, loadConfig } from '@grain/adapters';
import { createStores, openDb } from '@grain/persistence';
import { seedDemoData } from './seed';

/**
 * API_PROCESSES=N (default 1): N processes serve the API port through node:cluster, for the API-only
 * topology (WORKER_IN_PROCESS=false, DATABASE_URL set). One Node process answers on one core, so on a
 * machine with cores to spare the API scales with processes (bench/RESULTS.md "(e)"). Every request
 * still resolves its session from the database, so no process keeps a signed-out session alive.
 */
export function apiProcessCount(env: NodeJS.ProcessEnv): number {
  const raw = env.API_PROCESSES?.trim();
  if (!raw) return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new ConfigError('API_PROCESSES', `must be a whole number from 1 to 64 (got "${raw}")`);
  if (n === 1) return 1;
  const config = loadConfig(env);
  if (!config.databaseUrl) throw new ConfigError('API_PROCESSES', 'above 1 needs DATABASE_URL (the embedded database belongs to one process)');
  if (config.workerInProcess) throw new ConfigError('API_PROCESSES', 'above 1 needs WORKER_IN_PROCESS=false (run the workers as their own processes)');
  return n;
}

export interface ApiCluster {
  /** The port the processes share, once the first one listens. */
  port: number;
  demoLogins: Array<{ email: string; password: string; role: string }> | null;
  stop(): Promise<void>;
}

/**
 * In the primary: migrates and seeds once, then forks `n` processes that each run startServer (the
 * script of this process again, `cluster.isWorker`) with SEED_DEMO_DATA=false; a process that dies is
 * replaced. The workers report `{ port }` over IPC when they listen.
 */
export async function startApiCluster(n: number, env: NodeJS.ProcessEnv, log: (m: string) => void): Promise<ApiCluster> {
  const config = loadConfig(env);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let demoLogins: ApiCluster['demoLogins'];
  try {
    demoLogins = config.seedDemoData ? await seedDemoData(createStores(db.knex), { caKeySecret: config.caKeySecret }) : null;
  } finally {
    await db.close();
  }
  let stopping = false;
  let resolvePort: (p: number) => void;
  let rejectStart: (e: Error) => void;
  const port = new Promise<number>((res, rej) => {
    resolvePort = res;
    rejectStart = rej;
  });
  const fork = (): ClusterWorker => {
    const w = cluster.fork({ ...env, SEED_DEMO_DATA: 'false', API_PROCESS_OF_CLUSTER: '1' });
    w.on('message', (m: { port?: number; failed?: string }) => {
      if (typeof m?.port === 'number') resolvePort(m.port);
      if (m?.failed) rejectStart(new Error(m.failed));
    });
    return w;
  };
  let listening = false;
  cluster.on('exit', (w, code, signal) => {
    if (stopping) return;
    if (!listening) return rejectStart(new Error(`API process ${w.process.pid} exited before listening (${signal ?? code})`));
    log(`API process ${w.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  for (let i = 0; i < n; i++) fork();
  let p: number;
  try {
    p = await port;
  } catch (e) {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    throw e;
  }
  listening = true;
  return {
    port: p,
    demoLogins,
    async stop() {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is ClusterWorker => !!w);
      await Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((done) => {
              if (w.isDead()) return done();
              const kill = setTimeout(() => w.process.kill('SIGKILL'), 15_000);
              w.once('exit', () => {
                clearTimeout(kill);
                done();
              });
              w.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/** True in a process forked by startApiCluster. */
export const isClusterApiProcess = () => cluster.isWorker && process.env.API_PROCESS_OF_CLUSTER === '1';
