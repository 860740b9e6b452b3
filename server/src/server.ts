import type { Server } from 'node:http';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { buildAdapters, closeAdapters, loadConfig, probeInBackground, SmtpCatcher, type Adapters, type AppConfig, type HealthReport } from '@grain/adapters';
import { createStores, openDb, SessionCache, type Db, type DbProbe } from '@grain/persistence';
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

/**
 * The all-in-one process: database + migrations, demo seed, embedded SMTP catcher (when SMTP_URL is
 * unset), adapters, Temporal client, the in-process worker (unless WORKER_IN_PROCESS=false) and the
 * API with the built UI on one port. Each step fails fast with a message naming what is wrong.
 */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const log = opts.log ?? ((m: string) => console.log(`[server] ${m}`));
  const loaded = loadConfig(opts.env ?? process.env);
  const config: AppConfig = { ...loaded, caKeySecret: loaded.caKeySecret ?? embeddedKeySecret(loaded.dataDir) };
  const db = opts.db ?? (await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const cleanups: Array<() => Promise<unknown>> = [];
  try {
    if (!opts.db) cleanups.push(() => db.close());
    // the API's sessions from memory, dropped at every session, user and group write of any process
    const sessionCache = await SessionCache.listening(db.notifications);
    cleanups.push(async () => sessionCache.close());
    const stores = createStores(db.knex, { sessionCache });
    const demoLogins = config.seedDemoData ? await seedDemoData(stores, { caKeySecret: config.caKeySecret }) : null;
    // keys stored in plaintext (before CA_KEY_SECRET was set) or below today's KDF cost are wrapped again now
    const rewrapped = await stores.signatures.rewrapCompanyKeys(config.caKeySecret!);
    if (rewrapped) log(`wrapped ${rewrapped} company key(s) again under CA_KEY_SECRET`);

    let catcher: SmtpCatcher | undefined;
    let catcherPort: number | undefined;
    if (!config.smtpUrl) {
      catcher = new SmtpCatcher(stores.mail);
      catcherPort = await catcher.start(config.smtpCatcherPort).catch(async (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EADDRINUSE') throw e;
        log(`SMTP_CATCHER_PORT ${config.smtpCatcherPort} is taken; using a free port`);
        return catcher!.start(0);
      });
      cleanups.push(() => catcher!.stop());
    }
    const adapters = buildAdapters(config, stores, { smtpCatcherPort: catcherPort });
    cleanups.push(() => closeAdapters(adapters));

    let connection: Connection;
    try {
      connection = await Connection.connect({ address: config.temporalAddress, connectTimeout: 10000, tls: config.temporalTls });
    } catch (e) {
      throw new Error(`TEMPORAL_ADDRESS: cannot reach Temporal at ${config.temporalAddress}: ${(e as Error).message}`);
    }
    cleanups.push(() => connection.close());
    const temporal = new Client({ connection, namespace: config.temporalNamespace });

    // The Temporal dev server of `npm start` keeps its history in ./data: runs an earlier version of the
    // workflow started there would stall on this one, so the user is told what to do before anything runs.
    if (config.workerInProcess && (opts.env ?? process.env).GRAIN_TEMPORAL_EMBEDDED === '1') {
      const stale = await findStaleRuns(temporal, config.taskQueue);
      if (stale.length) throw new Error(staleRunsMessage(stale, config.dataDir));
    }

    let worker: Worker | undefined;
    let workerRun: Promise<void> | undefined;
    if (config.workerInProcess) {
      const w = await createWorker({
        address: config.temporalAddress,
        tls: config.temporalTls,
        namespace: config.temporalNamespace,
        taskQueue: config.taskQueue,
        deps: { config, stores, adapters },
        notifications: db.notifications,
      });
      worker = w.worker;
      workerRun = worker.run();
      workerRun.catch((e) => log(`worker stopped with an error: ${(e as Error).message}`));
      cleanups.push(async () => {
        if (worker!.getState() === 'RUNNING') worker!.shutdown();
        await workerRun!.catch(() => undefined);
        await w.connection.close();
      });
    }

    const health = async (): Promise<Record<string, HealthReport>> => ({
      database: databaseReport(db, await db.probe(), config.dataDir),
      ...(await temporalProbe()),
    });

    const temporalProbe = probeInBackground(TEMPORAL_PROBE_FRESH_MS, TEMPORAL_PROBE_MAX_AGE_MS, async (): Promise<Record<string, HealthReport>> => {
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
    });

    const app = createApp({ config, stores, adapters, temporal, health }, { uiDir: opts.uiDir ?? path.resolve(__dirname, '../../ui/dist') });
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
    const live = attachLiveChannel(server, { stores, config });
    cleanups.push(() => live.close());
    const { port, address } = server.address() as { port: number; address: string };
    const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
    let stopped = false;
    return {
      config,
      url,
      port,
      address,
      db,
      adapters,
      temporal,
      demoLogins,
      async stop() {
        if (stopped) return;
        stopped = true;
        for (const c of cleanups.reverse()) await c().catch((e) => log(`shutdown: ${(e as Error).message}`));
      },
    };
  } catch (e) {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    throw e;
  }
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
