/**
 * Database notifications on real Postgres between two handles of one database (as two processes hold
 * them): a notification sent in a transaction is heard at its commit, not before, not after a rollback;
 * a listening connection that is lost tells its listeners `null` (notifications may have been missed)
 * and listens again by itself.
 */
import { LISTENER_APPLICATION_NAME, notify, openDb, type Db } from '@grain/persistence';
import { createPostgresTestDb, startThrowawayPostgres, type ThrowawayPostgres } from './certificate-test-harness';

let pg: ThrowawayPostgres | undefined;
let a: Db;
let b: Db;
beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL ?? (pg = await startThrowawayPostgres()).url;
  const created = await createPostgresTestDb(serverUrl);
  a = created.db;
  b = await openDb({ databaseUrl: created.url }, { migrate: false });
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await pg?.stop();
});

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
async function until(ok: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await settle(50);
  }
}

test('a notification is heard by the other handle at its commit, never for a rollback; a lost listening connection says null and listens again', async () => {
  const heard: Array<string | null> = [];
  const stop = await a.notifications.listen('grain_test', (p) => heard.push(p));
  expect(a.notifications.listening()).toBe(true);

  await b.knex.transaction(async (tx) => {
    await notify(tx, 'grain_test', 'one');
    await settle();
    expect(heard).toEqual([]); // not before the commit
  });
  await until(() => heard.length === 1);
  expect(heard).toEqual(['one']);

  await b.knex
    .transaction(async (tx) => {
      await notify(tx, 'grain_test', 'rolled back');
      throw new Error('roll back');
    })
    .catch(() => undefined);
  await settle();
  expect(heard).toEqual(['one']);

  // the listening connection is lost (a restart, a network cut): its listeners are told, and it listens again
  const killed = await b.knex.raw(
    `select pg_terminate_backend(pid) as k from pg_stat_activity where datname = current_database() and application_name = '${LISTENER_APPLICATION_NAME}'`,
  );
  expect(killed.rows.length).toBe(1);
  await until(() => heard.includes(null));
  await until(() => a.notifications.listening());
  await notify(b.knex, 'grain_test', 'two');
  await until(() => heard.includes('two'));
  stop();
}, 60_000);
