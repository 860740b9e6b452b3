import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb, type Db } from './db';
import type { PGliteThread } from './pglite-thread';

/** The embedded database (what `npm start` opens without DATABASE_URL), whatever DATABASE_URL says. */
describe('the embedded database in its own thread', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({});
  });
  afterAll(() => db.close());

  it("runs a statement off the caller's thread: a 5 ms heartbeat keeps firing through one long statement", async () => {
    let last = Date.now();
    let longestSilence = 0;
    const beat = setInterval(() => {
      longestSilence = Math.max(longestSilence, Date.now() - last);
      last = Date.now();
    }, 5);
    const started = Date.now();
    const r = await db.knex.raw('select sum(g)::text as s from generate_series(1, 2000000) g').finally(() => clearInterval(beat));
    const took = Date.now() - started;
    longestSilence = Math.max(longestSilence, Date.now() - last); // a blocked loop never ran the beat to say so
    expect(r.rows[0].s).toBe('2000001000000');
    expect(took).toBeGreaterThan(200); // long enough that running it here would have shown
    expect(longestSilence).toBeLessThan(Math.min(took / 2, 150));
  });

  it("keeps a transaction's statements on the one connection, unseen by others until it commits", async () => {
    await db.knex.raw('create table thread_t (n int primary key)');
    let outside: Promise<number> | undefined;
    await db.knex.transaction(async (trx) => {
      await trx('thread_t').insert({ n: 1 });
      // Asked while the transaction holds the one connection: it waits for the commit, then sees both rows.
      outside = db
        .knex('thread_t')
        .count({ c: '*' })
        .then((rows) => Number(rows[0].c));
      await new Promise((r) => setTimeout(r, 50));
      await trx('thread_t').insert({ n: 2 });
      expect((await trx('thread_t').count({ c: '*' }))[0].c).toBe(2);
    });
    expect(await outside).toBe(2);
    await expect(
      db.knex.transaction(async (trx) => {
        await trx('thread_t').insert({ n: 3 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.knex('thread_t').orderBy('n')).map((x) => x.n)).toEqual([1, 2]);
  });

  it("answers errors with Postgres' fields: code, severity, constraint, detail", async () => {
    await db.knex.raw('create table thread_u (k text primary key, at timestamptz)');
    await db.knex('thread_u').insert({ k: 'a' });
    const dup = await db
      .knex('thread_u')
      .insert({ k: 'a' })
      .catch((e: unknown) => e);
    expect(dup).toBeInstanceOf(Error);
    expect(dup).toMatchObject({ code: '23505', severity: 'ERROR', constraint: 'thread_u_pkey', detail: expect.stringContaining('(k)=(a)') });
    const bad = await db
      .knex('thread_u')
      .insert({ k: 'b', at: 'not a time' })
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: '22007', severity: 'ERROR' });
    // The connection is usable after an error, inside and outside a transaction.
    expect((await db.knex('thread_u').count({ c: '*' }))[0].c).toBe(1);
  });

  it('carries bytes, dates and JSON both ways unchanged', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    const at = new Date('2025-11-01T02:03:04.005Z');
    const r = await db.knex.raw('select ?::bytea as b, ?::timestamptz as t, ?::jsonb as j', [bytes, at, JSON.stringify({ a: [1, 'x'] })]);
    expect(Buffer.from(r.rows[0].b)).toEqual(bytes);
    expect(r.rows[0].t).toEqual(at);
    expect(r.rows[0].j).toEqual({ a: [1, 'x'] });
  });
});

describe('the embedded database on disk', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grain-pglite-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps its rows across a close and a reopen', async () => {
    const first = await openDb({ dataDir }, { migrate: false });
    await first.knex.raw('create table kept (n int)');
    await first.knex('kept').insert([{ n: 1 }, { n: 2 }]);
    await first.close();
    const again = await openDb({ dataDir }, { migrate: false });
    try {
      expect((await again.knex('kept').orderBy('n')).map((x) => x.n)).toEqual([1, 2]);
    } finally {
      await again.close();
    }
  });
});

describe('a database thread that dies', () => {
  it('fails the statements in flight and every later one with a message saying so', async () => {
    const db = await openDb({}, { migrate: false });
    const thread = (db.knex.client as unknown as { pglite: PGliteThread }).pglite;
    const inFlight = db.knex.raw('select pg_sleep(5)');
    await new Promise((r) => setTimeout(r, 100));
    await (thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(inFlight).rejects.toThrow(/embedded database thread stopped/);
    await expect(db.knex.raw('select 1')).rejects.toThrow(/embedded database thread stopped/);
    const probe = await db.probe();
    expect(probe).toMatchObject({ ok: false, state: 'failing', error: expect.stringMatching(/embedded database thread stopped/) });
    await db.close();
  });
});
