import { probeDatabase } from './db-probe';
import { createTestDb } from './testing';
import type { Db } from './db';

/**
 * The database probe on the test database (PGlite, or Postgres with DATABASE_URL): a real round trip
 * when a connection is free; "busy since" without queueing when every connection is held and work
 * goes on; a failure when the database does not answer or nothing moves.
 */
describe('the database probe', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  const poolSize = () => (db.knex.client as { pool: { max: number } }).pool.max;

  /** Holds every connection in a transaction until `release` is called; `step` runs a statement in each. */
  async function holdEveryConnection() {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let ready = 0;
    let allHeld!: () => void;
    const held = new Promise<void>((r) => (allHeld = r));
    const transactions = Array.from({ length: poolSize() }, () =>
      db.knex.transaction(async (trx) => {
        await trx.raw('select 1');
        if (++ready === poolSize()) allHeld();
        await released;
      }),
    );
    await held;
    return { release: () => (release(), Promise.all(transactions)) };
  }

  it('answers from a round trip when a connection is free', async () => {
    expect(await db.probe()).toMatchObject({ ok: true, state: 'idle', roundTripMs: expect.any(Number) });
  });

  it('says busy since when, and how many wait, without waiting behind the holders', async () => {
    const before = Date.now();
    const hold = await holdEveryConnection();
    let ended = false;
    const queued = db.knex.raw('select 2 as n').then((r) => {
      ended = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 30));
    const p = await db.probe();
    expect(ended).toBe(false); // answered while the holders still hold
    expect(p).toMatchObject({ ok: true, state: 'busy', waiting: 1 });
    if (p.state === 'busy') {
      expect(p.busySince.getTime()).toBeGreaterThanOrEqual(before - 5);
      expect(p.busySince.getTime()).toBeLessThanOrEqual(Date.now());
    }
    await hold.release();
    expect((await queued).rows[0].n).toBe(2);
    expect(await db.probe()).toMatchObject({ ok: true, state: 'idle' });
  });

  it('says stuck when every connection is held and nothing has moved for too long', async () => {
    const hold = await holdEveryConnection();
    await new Promise((r) => setTimeout(r, 250));
    const p = await probeDatabase(db.knex, 'select 1', { stuckAfterMs: 200 });
    await hold.release();
    expect(p).toMatchObject({ ok: false, state: 'stuck', error: expect.stringContaining('no statement finished') });
  });

  it('fails when the database cannot be reached', async () => {
    const gone = await createTestDb();
    await gone.knex.destroy();
    expect(await gone.probe()).toMatchObject({ ok: false, state: 'failing', error: expect.any(String) });
    await gone.close();
  });
});
