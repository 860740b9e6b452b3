import type { Server } from 'node:http';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { buildAdapters, closeAdapters, loadConfig, probeInBackground, SmtpCatcher, type Adapters, type AppConfig, type HealthReport } from '@grain/adapters';
import { createStores, openDb, SessionCache, type Db, type DbProbe, type Stores } from '@grain/persistence';
import { attachLiveChannel, createApp, listen } from '@grain/api';
import { createWorker, findStaleRuns, staleRunsMessage } from '@grain/worker';
import type { Worker } from '@temporalio/worker';
import { seedDemoData } from './seed';
import { embeddedKeySecret } from './key-secret';

export interface RunningServer {
  config: AppConfig;
  url: string;
  port: number;
  /** The address the HTTP server listens on (HOST; loopback by default). */
  address: string;
  db: Db;
  adapters: Adapters;
  temporal: Client;
  demoLogins: Array<{ email: string; password: string; role: string }> | null;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  /** Use this database instead of opening one from the configuration (tests). */
  db?: Db;
  /** Where the built UI lives; defaults to ui/dist of this checkout. */
  uiDir?: string;
  log?: (msg: string) => void;
}

/** What start-up opened, closed in reverse order when the server stops (or a later stage fails). */
type Cleanups = Array<() => Promise<unknown>>;
type Log = (msg: string) => void;

/**
 * The all-in-one process: database + migrations, demo seed, embedded SMTP catcher (when SMTP_URL is
 * unset), adapters, Temporal client, the in-process worker (unless WORKER_IN_PROCESS=false) and the
 * API with the built UI on one port. Each step fails fast with a message naming what is wrong.
 */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((m: string) => console.log(`[server] ${m}`));
  const config = serverConfig(env);
  const db = opts.db ?? (await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const cleanups: Cleanups = [];
  try {
    if (!opts.db) cleanups.push(() => db.close());
    const { stores, demoLogins } = await prepareStores(db, config, cleanups, log);
    const smtpCatcherPort = config.smtpUrl ? undefined : await startSmtpCatcher(stores, config, cleanups, log);
    const adapters = buildAdapters(config, stores, { smtpCatcherPort });
    cleanups.push(() => closeAdapters(adapters));
    const { connection, temporal } = await connectTemporal(config, cleanups);
    await refuseStaleRuns(temporal, config, env);
    const worker = config.workerInProcess ? await startInProcessWorker({ config, stores, adapters }, db, cleanups, log) : undefined;
    const health = healthOf(db, config, connection, worker);
    const app = createApp({ config, stores, adapters, temporal, health }, { uiDir: opts.uiDir ?? path.resolve(__dirname, '../../ui/dist') });
    const server = await serveHttp(app, config, cleanups);
    const live = attachLiveChannel(server, { stores, config });
    cleanups.push(() => live.close());
    const { port, address } = server.address() as { port: number; address: string };
    const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
    return { config, url, port, address, db, adapters, temporal, demoLogins, stop: stopOnce(cleanups, log) };
  } catch (e) {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    throw e;
  }
}

/** The configuration of the environment; without CA_KEY_SECRET, the embedded key secret of the data folder. */
function serverConfig(env: NodeJS.ProcessEnv): AppConfig {
  const loaded = loadConfig(env);
  return { ...loaded, caKeySecret: loaded.caKeySecret ?? embeddedKeySecret(loaded.dataDir) };
}

/** The stores over the database, the demo data seeded when asked, company keys wrapped under today's secret and cost. */
async function prepareStores(db: Db, config: AppConfig, cleanups: Cleanups, log: Log) {
  // the API's sessions from memory, dropped at every session, user and group write of any process
  const sessionCache = await SessionCache.listening(db.notifications);
  cleanups.push(async () => sessionCache.close());
  const stores = createStores(db.knex, { sessionCache });
  const demoLogins = config.seedDemoData ? await seedDemoData(stores, { caKeySecret: config.caKeySecret }) : null;
  // keys stored in plaintext (before CA_KEY_SECRET was set) or below today's KDF cost are wrapped again now
  const rewrapped = await stores.signatures.rewrapCompanyKeys(config.caKeySecret!);
  if (rewrapped) log(`wrapped ${rewrapped} company key(s) again under CA_KEY_SECRET`);
  return { stores, demoLogins };
}

/** The embedded SMTP catcher (no SMTP_URL): on SMTP_CATCHER_PORT, or a free port when that one is taken. */
async function startSmtpCatcher(stores: Stores, config: AppConfig, cleanups: Cleanups, log: Log): Promise<number> {
  const catcher = new SmtpCatcher(stores.mail);
  const port = await catcher.start(config.smtpCatcherPort).catch(async (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EADDRINUSE') throw e;
    log(`SMTP_CATCHER_PORT ${config.smtpCatcherPort} is taken; using a free port`);
    return catcher.start(0);
  });
  cleanups.push(() => catcher.stop());
  return port;
}

async function connectTemporal(config: AppConfig, cleanups: Cleanups) {
  let connection: Connection;
  try {
    connection = await Connection.connect({ address: config.temporalAddress, connectTimeout: 10000, tls: config.temporalTls });
  } catch (e) {
    throw new Error(`TEMPORAL_ADDRESS: cannot reach Temporal at ${config.temporalAddress}: ${(e as Error).message}`);
  }
  cleanups.push(() => connection.close());
  return { connection, temporal: new Client({ connection, namespace: config.temporalNamespace }) };
}

/**
 * The Temporal dev server of `npm start` keeps its history in ./data: runs an earlier version of the
 * workflow started there would stall on this one, so the user is told what to do before anything runs.
 */
async function refuseStaleRuns(temporal: Client, config: AppConfig, env: NodeJS.ProcessEnv) {
  if (!config.workerInProcess || env.GRAIN_TEMPORAL_EMBEDDED !== '1') return;
  const stale = await findStaleRuns(temporal, config.taskQueue);
  if (stale.length) throw new Error(staleRunsMessage(stale, config.dataDir));
}

/** The worker in this process, running until the server stops (an error it stops with is logged). */
async function startInProcessWorker(deps: { config: AppConfig; stores: Stores; adapters: Adapters }, db: Db, cleanups: Cleanups, log: Log) {
  const { config } = deps;
  const w = await createWorker({
    address: config.temporalAddress,
    tls: config.temporalTls,
    namespace: config.temporalNamespace,
    taskQueue: config.taskQueue,
    deps,
    notifications: db.notifications,
  });
  const worker = w.worker;
  const run = worker.run();
  run.catch((e) => log(`worker stopped with an error: ${(e as Error).message}`));
  cleanups.push(async () => {
    if (worker.getState() === 'RUNNING') worker.shutdown();
    await run.catch(() => undefined);
    await w.connection.close();
  });
  return worker;
}

/** /api/health's lines of the composition root: the database, and Temporal with the worker polling it. */
function healthOf(db: Db, config: AppConfig, connection: Connection, worker: Worker | undefined) {
  const temporalProbe = probeInBackground(TEMPORAL_PROBE_FRESH_MS, TEMPORAL_PROBE_MAX_AGE_MS, () => temporalReport(connection, config, worker));
  return async (): Promise<Record<string, HealthReport>> => ({
    database: databaseReport(db, await db.probe(), config.dataDir),
    ...(await temporalProbe()),
  });
}

/** Temporal's line (reachable, its version) and the worker's (pollers on the task queue). */
async function temporalReport(connection: Connection, config: AppConfig, worker: Worker | undefined): Promise<Record<string, HealthReport>> {
  const out: Record<string, HealthReport> = {};
  const temporalKind = process.env.GRAIN_TEMPORAL_EMBEDDED === '1' ? 'embedded' : 'real';
  try {
    const info = await connection.workflowService.getSystemInfo({});
    out.temporal = { kind: temporalKind, detail: `${config.temporalAddress} (server ${info.serverVersion || 'dev'})`, ok: true };
    const tq = await connection.workflowService.describeTaskQueue({
      namespace: config.temporalNamespace,
      taskQueue: { name: config.taskQueue },
      taskQueueType: 1,
    });
    const pollers = tq.pollers?.length ?? 0;
    out.worker = {
      kind: config.workerInProcess ? 'embedded' : 'real',
      detail: `${pollers} poller(s) on task queue ${config.taskQueue}` + (worker ? `, in-process worker ${worker.getState()}` : ''),
      ok: pollers > 0,
    };
  } catch (e) {
    out.temporal = { kind: temporalKind, detail: config.temporalAddress, ok: false, error: (e as Error).message };
  }
  return out;
}

/** The API and the built UI on PORT (HOST), closed with every connection it holds. */
async function serveHttp(app: ReturnType<typeof createApp>, config: AppConfig, cleanups: Cleanups): Promise<Server> {
  const server: Server = await listen(app, config.port, config.host).catch((e: NodeJS.ErrnoException) => {
    throw e.code === 'EADDRINUSE' ? new Error(`PORT: ${config.port} is already in use`) : e;
  });
  cleanups.push(
    () =>
      new Promise((r) => {
        server.closeAllConnections?.();
        server.close(() => r(undefined));
      }),
  );
  return server;
}

/** Stops what start-up opened, last first, once; a step that fails is logged and the next still runs. */
function stopOnce(cleanups: Cleanups, log: Log) {
  let stopped = false;
  return async () => {
    if (stopped) return;
    stopped = true;
    for (const c of cleanups.reverse()) await c().catch((e) => log(`shutdown: ${(e as Error).message}`));
  };
}

/**
 * The database's line of /api/health. Busy (every connection held, statements still finishing) is
 * up: operators see since when and how many wait, without the probe queueing behind the holder.
 */
function databaseReport(db: Pick<Db, 'kind'>, p: DbProbe, dataDir: string): HealthReport {
  const kind = db.kind === 'pglite' ? 'embedded' : 'real';
  const where = db.kind === 'pglite' ? `PGlite under ${dataDir}` : 'Postgres (DATABASE_URL)';
  if (!p.ok) return { kind, detail: `${where}, ${p.state}`, ok: false, error: p.error, ...(p.busySince ? { busySince: p.busySince.toISOString() } : {}) };
  if (p.state === 'idle') return { kind, detail: `${where}, answered in ${p.roundTripMs.toFixed(1)} ms`, ok: true };
  const forMs = Date.now() - p.busySince.getTime();
  return {
    kind,
    detail: `${where}, busy for ${(forMs / 1000).toFixed(1)} s (last statement ${p.lastActivityMsAgo} ms ago, ${p.waiting} waiting)`,
    ok: true,
    busySince: p.busySince.toISOString(),
  };
}

/**
 * The Temporal and worker probe is two RPCs; /api/health is polled by monitors and load balancers,
 * so it runs at most every 2 s, in the background once there is an answer (at most 5 s old).
 */
const TEMPORAL_PROBE_FRESH_MS = 2000;
const TEMPORAL_PROBE_MAX_AGE_MS = 5000;
