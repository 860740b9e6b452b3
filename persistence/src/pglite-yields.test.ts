import { openDb } from './db';

describe('the embedded database under a queue of queries', () => {
  it('lets the event loop turn between queries: a 5 ms heartbeat keeps firing while 300 queued queries run', async () => {
    const db = await openDb({}, { migrate: false });
    try {
      await db.knex.raw('select 1');
      let last = Date.now();
      let longestSilence = 0;
      const beat = setInterval(() => {
        longestSilence = Math.max(longestSilence, Date.now() - last);
        last = Date.now();
      }, 5);
      const started = Date.now();
      const sums = await Promise.all(Array.from({ length: 300 }, () => db.knex.raw('select sum(g) as s from generate_series(1, 20000) g'))).finally(() =>
        clearInterval(beat),
      );
      const took = Date.now() - started;
      longestSilence = Math.max(longestSilence, Date.now() - last);
      expect(sums.every((r) => Number(r.rows[0].s) === 200010000)).toBe(true);
      expect(longestSilence).toBeLessThan(Math.max(took / 4, 50));
    } finally {
      await db.close();
    }
  }, 120_000);
});
