import { randomBytes } from 'node:crypto';
import { knex } from 'knex';
import { openDb, type Db } from './db';

/**
 * A fresh, migrated database for one test file: a new database on the Postgres server named by
 * DATABASE_URL (dropped on close), or an in-memory PGlite when DATABASE_URL is unset.
 */
export async function createTestDb(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDb({});
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: u.toString() });
  return {
    ...db,
    async close() {
      await db.close();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}
