import { knex, type Knex } from 'knex';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { probeDatabase, watchDatabase, type DbProbe } from './db-probe';
import { runMigrations } from './migrate';
import { PGliteThread } from './pglite-thread';
import { pgliteNotifications, postgresNotifications, type DbNotifications } from './db-notifications';

export interface DbConfig {
  /** postgres://... selects the real Postgres driver; unset selects embedded PGlite. */
  databaseUrl?: string;
  /** Directory for the embedded database files (PGlite); ignored for Postgres. Omit for in-memory. */
  dataDir?: string;
}

export interface Db {
  knex: Knex;
  kind: 'postgres' | 'pglite';
  /** Whether the database answers, or is busy and still making progress (health checks; see db-probe). */
  probe(): Promise<DbProbe>;
  /** Notifications from every process sharing the database (LISTEN/NOTIFY; db-notifications.ts). */
  notifications: DbNotifications;
  close(): Promise<void>;
}

/**
 * Opens the database: PGlite (embedded Postgres, one connection, file-backed under dataDir, run in a
 * worker thread of its own so no statement runs on the caller's thread) when no DATABASE_URL is
 * given, Postgres through `pg` otherwise. Both speak the same SQL, so the same migrations and stores
 * run on either.
 */
export async function openDb(cfg: DbConfig, opts: { migrate?: boolean } = {}): Promise<Db> {
  let k: Knex;
  let kind: Db['kind'];
  let thread: PGliteThread | undefined;
  let notifications: DbNotifications;
  if (cfg.databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(cfg.databaseUrl)) {
      throw new Error(`DATABASE_URL must be a postgres:// URL (got "${cfg.databaseUrl.slice(0, 30)}...")`);
    }
    kind = 'postgres';
    k = knex({
      client: 'pg',
      connection: cfg.databaseUrl,
      pool: { min: 0, max: Number(process.env.DATABASE_POOL_MAX ?? 10) },
    });
    try {
      await k.raw('select 1');
    } catch (e) {
      await k.destroy();
      throw new Error(`DATABASE_URL: cannot connect to Postgres: ${(e as Error).message}`);
    }
    notifications = postgresNotifications(cfg.databaseUrl);
  } else {
    kind = 'pglite';
    // knex-pglite is CommonJS with a default export.
    const ClientPgLite = require('knex-pglite').default ?? require('knex-pglite');
    let dir: string | undefined;
    if (cfg.dataDir) {
      dir = path.resolve(cfg.dataDir, 'pglite');
      mkdirSync(dir, { recursive: true });
    }
    thread = new PGliteThread(dir);
    k = knex({ client: ClientPgLite, dialect: 'postgres', connection: { pglite: thread } as unknown as Knex.StaticConnectionConfig });
    // Booting Postgres in WebAssembly takes seconds on a loaded machine: not part of knex's acquire time-out.
    await thread.waitReady.catch(async (e: unknown) => {
      await k.destroy();
      await thread?.close();
      throw e;
    });
    notifications = pgliteNotifications(thread);
  }
  watchDatabase(k);
  const close = async () => {
    await notifications.close();
    await k.destroy();
    await thread?.close(); // knex closes it only if it ever opened its connection
  };
  try {
    if (opts.migrate !== false) await runMigrations(k);
  } catch (e) {
    await close().catch(() => undefined);
    throw e;
  }
  return { knex: k, kind, probe: () => probeDatabase(k), notifications, close };
}
