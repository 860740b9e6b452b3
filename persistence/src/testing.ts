import { randomBytes } from 'node:crypto';
import { knex, type Knex } from 'knex';
import { openDb, type Db } from './db';
import type { Stores } from './stores';
import type { DbNotifications } from './db-notifications';

/**
 * A fresh, migrated database for one test file: a new database on the Postgres server named by
 * DATABASE_URL (dropped on close), or an in-memory PGlite when DATABASE_URL is unset.
 */
export async function createTestDb(): Promise<Db & { url?: string }> {
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
    /** The new database's address (another handle on it: openDb({ databaseUrl: url })). */
    url: u.toString(),
    async close() {
      await db.close();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}

/**
 * The same notifications, each heard `ms` later than it arrives: a process whose listening connection
 * lags (a loaded host, a slow network), for tests of what must hold however late a notification comes.
 */
export function heardLate(n: DbNotifications, ms: number): DbNotifications {
  return {
    listen: (channel, fn) => n.listen(channel, (payload) => void setTimeout(() => fn(payload), ms)),
    listening: () => n.listening(),
    read: (sql) => n.read(sql),
    close: () => n.close(),
  };
}

/** A company with nothing but its name, for tests that need an owner for their rows. */
export function createTestCompany(stores: Pick<Stores, 'companies'>, name: string) {
  return stores.companies.create({
    name,
    tfn: null,
    addressId: null,
    phone: null,
    email: null,
    website: null,
    taxOfficeLevel1: null,
    taxOfficeLevel2: null,
    adminId: null,
    representativeId: null,
  });
}

let abns = 0;
/** A fresh valid ABN (its checksum holds) for a test company: each call a different one. */
export function testAbn(): string {
  for (let n = 51_000_000_000 + (Date.now() % 1_000_000) * 1000 + ++abns * 7; ; n++) {
    const d = String(n);
    const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
    if ([...d].reduce((acc, c, i) => acc + (Number(c) - (i === 0 ? 1 : 0)) * weights[i], 0) % 89 === 0) {
      abns += 1;
      return d;
    }
  }
}

/**
 * A company with a valid ABN whose identity the platform's operator verified, so it may issue (issue 26
 * item 6): what most certificate tests need.
 */
export async function createVerifiedTestCompany(stores: Pick<Stores, 'companies'>, name: string) {
  const c = await createTestCompany(stores, name);
  const tfn = testAbn();
  await stores.companies.update(c.id, { tfn });
  await stores.companies.recordIdentity(c.id, { action: 'verified', name, registration: tfn, by: 'operator@grain.test', note: 'test company' });
  return (await stores.companies.byId(c.id))!;
}

let testUsers = 0;
/** A user of `companyId` in `role` (a group name or 'admin'); e-mail and names made up unless given. */
export function createTestUser(
  stores: Pick<Stores, 'users'>,
  companyId: string | null,
  role: string,
  fields: { email?: string; passwordHash?: string; firstname?: string; lastname?: string } = {},
) {
  testUsers += 1;
  return stores.users.create({
    email: fields.email ?? `u${testUsers}-${randomBytes(3).toString('hex')}@grain.test`,
    passwordHash: fields.passwordHash ?? 'x',
    firstname: fields.firstname ?? 'Sam',
    lastname: fields.lastname ?? `User${testUsers}`,
    role,
    companyId,
  });
}

/** The statements `fn` sends through `k` (as knex's 'query' event reports them), each with the prepared statement name it went under. */
export async function statementsSentBy(k: Knex, fn: () => Promise<unknown>): Promise<Array<{ sql: string; name?: string }>> {
  const seen: Array<{ sql: string; name?: string }> = [];
  const count = (q: { sql: string; options?: { name?: string } }) => seen.push({ sql: q.sql, name: q.options?.name });
  k.on('query', count);
  try {
    await fn();
  } finally {
    k.removeListener('query', count);
  }
  return seen;
}
