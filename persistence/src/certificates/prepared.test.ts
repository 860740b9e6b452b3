import { createTestDb } from '../testing';
import type { Db } from '../db';
import { prepared, preparedRows } from './prepared';

/**
 * preparedRows sends a statement straight to a pg connection of knex's pool on Postgres: it must answer
 * what the same statement through knex answers (values and arrays bound in order, the same named
 * statement), emit knex's query events (the database probe reads them), give the connection back (also
 * when the statement fails), and inside a transaction run on the transaction's connection.
 */
let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

const SQL = `select ?::text as a, ?::text[] as b, array_length(?::text[], 1) as n, ? = any(?::text[]) as found`;
const ARGS = ['x', ['p', 'q'], ['1', '2', '3'], 'q', ['p', 'q']];

describe('preparedRows', () => {
  it('answers the rows knex answers for the same statement, and emits its query events', async () => {
    const seen: string[] = [];
    const onQuery = (q: { sql: string }) => seen.push(`query ${q.sql}`);
    const onResponse = () => seen.push('response');
    db.knex.on('query', onQuery).on('query-response', onResponse);
    try {
      const rows = await preparedRows<Record<string, unknown>>(db.knex, SQL, ARGS);
      expect(rows).toEqual(((await prepared(db.knex, SQL, ARGS)) as { rows: unknown[] }).rows);
      expect(rows).toEqual([{ a: 'x', b: ['p', 'q'], n: 3, found: true }]);
      // run again: the named statement is reused on its connection
      expect(await preparedRows(db.knex, SQL, ARGS)).toEqual(rows);
    } finally {
      db.knex.removeListener('query', onQuery).removeListener('query-response', onResponse);
    }
    expect(seen.filter((s) => s.startsWith('query')).length).toBeGreaterThanOrEqual(3);
    expect(seen.filter((s) => s === 'response').length).toBeGreaterThanOrEqual(3);
  });

  it('gives the connection back when the statement fails, with the query-error event', async () => {
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    db.knex.on('query-error', onError);
    try {
      // more statements than the pool has connections: a connection kept by a failure would stall them
      for (let i = 0; i < 25; i++) await expect(preparedRows(db.knex, 'select 1 / ?::int as x', ['0'])).rejects.toThrow(/division by zero/);
    } finally {
      db.knex.removeListener('query-error', onError);
    }
    expect(errors.length).toBeGreaterThanOrEqual(25);
    expect(await preparedRows(db.knex, 'select 1 / ?::int as x', ['1'])).toEqual([{ x: 1 }]);
  });

  it('inside a transaction reads what the transaction wrote', async () => {
    await db.knex.raw('create table if not exists prepared_rows_probe (v text)');
    await db.knex.transaction(async (tx) => {
      await tx.raw('insert into prepared_rows_probe (v) values (?)', ['inside']);
      expect(await preparedRows(tx, 'select v from prepared_rows_probe where v = ?', ['inside'])).toEqual([{ v: 'inside' }]);
      await tx.raw('delete from prepared_rows_probe');
    });
  });
});
