import { knex, type Knex } from 'knex';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
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
    let connection: Record<string, unknown> = {};
    if (cfg.dataDir) {
      const dir = path.resolve(cfg.dataDir, 'pglite');
      mkdirSync(dir, { recursive: true });
      connection = { filename: dir };
    }
    k = knex({ client: ClientPgLite, dialect: 'postgres', connection });
  }
  if (opts.migrate !== false) await runMigrations(k);
  return { knex: k, kind, close: () => k.destroy() };
}
