import { knex, type Knex } from 'knex';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { runMigrations } from './migrate';

export interface DbConfig {
  /** postgres://... selects the real Postgres driver; unset selects embedded PGlite. */
  databaseUrl?: string;
  /** Directory for the embedded database files (PGlite); ignored for Postgres. Omit for in-memory. */
  dataDir?: string;
}

export interface Db {
  knex: Knex;
  kind: 'postgres' | 'pglite';
  /** One round trip to the database (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the database: PGlite (embedded Postgres, one connection, file-backed under dataDir) when no
 * DATABASE_URL is given, Postgres through `pg` otherwise. Both speak the same SQL, so the same
 * migrations and stores run on either.
 */
export async function openDb(cfg: DbConfig, opts: { migrate?: boolean } = {}): Promise<Db> {
  let k: Knex;
  let kind: Db['kind'];
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
  } else {
    kind = 'pglite';
    // knex-pglite is CommonJS with a default export.
    const ClientPgLite = require('knex-pglite').default ?? require('knex-pglite');
    let dir: string | undefined;
    if (cfg.dataDir) {
      dir = path.resolve(cfg.dataDir, 'pglite');
      mkdirSync(dir, { recursive: true });
    }
    k = knex({ client: ClientPgLite, dialect: 'postgres', connection: { pglite: yieldingPGlite(dir) } as Knex.StaticConnectionConfig });
  }
  if (opts.migrate !== false) await runMigrations(k);
  return {
    knex: k,
    kind,
    async ping() {
      await k.raw('select 1');
    },
    close: () => k.destroy(),
  };
}

/**
 * PGlite runs each query synchronously on the main thread and hands its one connection to the next
 * waiting query in a promise callback, so a queue of queries (a burst of logins, say) would run back
 * to back without the event loop ever turning: no request read, no timer fired. A turn of the loop
 * before each query lets the rest of the process in between.
 */
function yieldingPGlite(dir: string | undefined): PGlite {
  const db = new PGlite(dir);
  const query = db.query.bind(db);
  db.query = (async (...args: Parameters<typeof query>) => {
    await nextTurn();
    return query(...args);
  }) as typeof db.query;
  return db;
}
