import { createTestDb } from './testing';
import type { Db } from './db';

/**
 * What knex answers for a write, the same on either database (PGlite when DATABASE_URL is unset, else
 * Postgres): an update's and a delete's row count, rows with `returning`. Stores read these answers
 * ("the one that deletes it archives it"), so a driver answering otherwise breaks their rules.
 */
describe("knex's answers to writes", () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
    await db.knex.schema.createTable('answers_probe', (t) => {
      t.integer('id').primary();
      t.integer('n');
    });
    await db.knex('answers_probe').insert([1, 2, 3].map((id) => ({ id, n: 0 })));
  });
  afterAll(() => db.close());

  it('an update answers how many rows it changed', async () => {
    expect(await db.knex('answers_probe').whereIn('id', [1, 2]).update({ n: 1 })).toBe(2);
    expect(await db.knex('answers_probe').where({ id: 9 }).update({ n: 1 })).toBe(0);
    expect(await db.knex('answers_probe').where({ id: 3 }).increment('n', 1)).toBe(1);
  });

  it('a delete answers how many rows it deleted, under either name', async () => {
    expect(await db.knex('answers_probe').where({ id: 9 }).delete()).toBe(0);
    expect(await db.knex('answers_probe').where({ id: 1 }).delete()).toBe(1);
    expect(await db.knex('answers_probe').whereIn('id', [2, 3]).del()).toBe(2);
  });

  it('with returning, a delete answers the rows it deleted', async () => {
    await db.knex('answers_probe').insert({ id: 4, n: 7 });
    expect(await db.knex('answers_probe').where({ id: 4 }).del().returning(['id', 'n'])).toEqual([{ id: 4, n: 7 }]);
  });
});
