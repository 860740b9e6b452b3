import { createStores, type Stores } from '../stores';
import { createTestCompany, createTestDb, createTestUser, heardLate } from '../testing';
import type { Db } from '../db';
import { SessionCache } from './session-cache';
import { LISTENER_APPLICATION_NAME } from '../db-notifications';

/**
 * The session cache on its own: dropped by a write that no store made (the triggers of migration 071
 * notify whatever path wrote), and emptied while the listening connection is lost (Postgres).
 */
let db: Db;
let cache: SessionCache;
let stores: Stores;

beforeAll(async () => {
  db = await createTestDb();
  cache = await SessionCache.listening(db.notifications);
  stores = createStores(db.knex, { sessionCache: cache });
});
afterAll(async () => {
  cache.close();
  await db.close();
});

async function until(ok: () => boolean, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('keeps a resolved session and drops it at a write to its user made by plain SQL', async () => {
  const co = await createTestCompany(stores, 'Cache Unit Co');
  const user = await createTestUser(stores, co.id, 'admin');
  const { token } = await stores.sessions.start(user.id);
  expect(await stores.sessions.resolveSession(token)).not.toBeNull();
  expect(cache.size).toBe(1);
  await db.knex('users').where({ id: user.id }).update({ firstname: 'Renamed' });
  await until(() => cache.size === 0, 'the user write to drop the session');
  expect((await stores.sessions.resolveSession(token))?.user.firstname).toBe('Renamed');
});

it('empties while the listening connection is lost and answers from the database meanwhile (Postgres)', async () => {
  if (db.kind !== 'postgres') return; // PGlite listens in its own thread: nothing to lose
  const co = await createTestCompany(stores, 'Cache Drop Co');
  const user = await createTestUser(stores, co.id, 'admin');
  const { token } = await stores.sessions.start(user.id);
  await stores.sessions.resolveSession(token);
  expect(cache.size).toBeGreaterThan(0);
  await db.knex.raw(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = '${LISTENER_APPLICATION_NAME}'`,
  );
  await until(() => cache.size === 0 && !db.notifications.listening(), 'the lost connection to empty the cache');
  expect(await stores.sessions.resolveSession(token)).not.toBeNull();
  if (!db.notifications.listening()) expect(cache.size).toBe(0);
  await until(() => db.notifications.listening(), 'listening again');
  await stores.sessions.resolveSession(token);
  expect(cache.size).toBe(1);
});

/** A cache of its own over `notifications`, its stores, and a session of a new user; the cache is closed after `run`. */
async function withOwnCache(
  notifications: Parameters<typeof SessionCache.listening>[0],
  company: string,
  run: (own: { cache: SessionCache; sessions: Stores['sessions']; userId: string; token: string }) => Promise<void>,
): Promise<void> {
  const own = await SessionCache.listening(notifications);
  const { sessions } = createStores(db.knex, { sessionCache: own });
  try {
    const co = await createTestCompany(stores, company);
    const user = await createTestUser(stores, co.id, 'admin');
    const { token } = await sessions.start(user.id);
    await run({ cache: own, sessions, userId: user.id, token });
  } finally {
    own.close();
  }
}

it('refuses a user locked by another process on the very next lookup, however late its notification is heard', async () => {
  // this process hears every notification 400 ms late; memory must not answer for what it has not heard yet
  await withOwnCache(heardLate(db.notifications, 400), 'Cache Late Co', async ({ cache: late, sessions, userId, token }) => {
    expect(await sessions.resolveSession(token)).not.toBeNull();
    expect(await sessions.resolveSession(token)).not.toBeNull();
    expect(late.size).toBe(1);
    await db.knex('users').where({ id: userId }).update({ status: 'locked' }); // another process's write: no forget() here
    expect(await sessions.resolveSession(token)).toBeNull();
  });
});

it('answers from memory after one read of the counter shared by every lookup waiting, not one read each', async () => {
  const reads: string[] = [];
  const counting = { ...db.notifications, read: (sql: string) => (reads.push(sql), db.notifications.read(sql)) };
  await withOwnCache(counting, 'Cache Shared Co', async ({ sessions, userId, token }) => {
    await sessions.resolveSession(token);
    reads.length = 0;
    const found = await Promise.all(Array.from({ length: 20 }, () => sessions.resolveSession(token)));
    expect(found.every((f) => f?.user.id === userId)).toBe(true);
    // the first starts a read; the 19 that come while it runs share the next one (the first may predate their writes)
    expect(reads).toHaveLength(2);
  });
});

it('answers from the database when the read of the counter never answers: a stalled connection holds no request', async () => {
  let stalled = false;
  const stalling = { ...db.notifications, read: (sql: string) => (stalled ? new Promise<never>(() => undefined) : db.notifications.read(sql)) };
  await withOwnCache(stalling, 'Cache Stall Co', async ({ cache, sessions, userId, token }) => {
    await sessions.resolveSession(token);
    expect(cache.size).toBe(1);
    stalled = true;
    // without a bound on the read, these wait for ever (the test's time-out)
    const found = await Promise.all([sessions.resolveSession(token), sessions.resolveSession(token)]);
    expect(found.map((f) => f?.user.id)).toEqual([userId, userId]);
  });
});

it('a read of the counter the lost connection overtook answers at once that memory cannot say', async () => {
  // notifications by hand: the test answers each read and says when the connection was lost
  let hear: (payload: string | null) => void = () => undefined;
  const answers: Array<(n: number) => void> = [];
  const byHand = {
    listen: async (_channel: string, fn: (payload: string | null) => void) => ((hear = fn), () => undefined),
    listening: () => true,
    read: () => new Promise<{ rows: Record<string, unknown>[] }>((resolve) => answers.push((n) => resolve({ rows: [{ n }] }))),
    close: async () => undefined,
  };
  const nextRead = async () => {
    while (!answers.length) await new Promise((r) => setImmediate(r));
    return answers.shift()!;
  };
  const starting = SessionCache.listening(byHand);
  (await nextRead())(3); // the first read: memory counts from 3
  const manual = await starting;
  let settled: boolean | undefined;
  void manual.caughtUp().then((v) => (settled = v));
  const reading = await nextRead();
  hear(null); // lost (and listening again) while the read runs
  reading(4);
  await new Promise((r) => setImmediate(r));
  // before: its callers waited for a second for a notification that could not come, then went to the database
  expect(settled).toBe(false);
  manual.close();
});
