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

interface KnexQueryObject {
  method?: string;
  response: { affectedRows?: number };
}
type ProcessResponse = (this: unknown, obj: KnexQueryObject, runner: unknown) => unknown;

/**
 * knex's PGlite client (knex-pglite, CommonJS with a default export), answering as the Postgres client
 * does. knex-pglite names a statement's command after knex's method, so a delete (method `del`) was
 * "DEL" where knex's Postgres client answers a row count only for "DELETE": `.delete()` answered the
 * driver's response object, and every rule reading it as a count ("the one that deletes it archives it",
 * retireCompanyCaIfStale) went wrong on PGlite only. Here the command is the one Postgres names.
 */
function pgliteClient(): typeof Knex.Client {
  const Base = (require('knex-pglite').default ?? require('knex-pglite')) as typeof Knex.Client;
  const postgresResponse = (Object.getPrototypeOf(Base.prototype) as { processResponse: ProcessResponse }).processResponse;
  const commandOf = (method = '') => (method === 'first' || method === 'pluck' ? 'SELECT' : method === 'del' ? 'DELETE' : method.toUpperCase());
  return class ClientPgLite extends Base {
    processResponse(obj: KnexQueryObject, runner: unknown) {
      const response = { ...obj.response, rowCount: obj.response.affectedRows, command: commandOf(obj.method) };
      return postgresResponse.call(this, { ...obj, response }, runner);
    }
  };
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
    const ClientPgLite = pgliteClient();
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
