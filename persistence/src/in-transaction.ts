import type { Knex } from 'knex';

/**
 * Runs `fn` in the caller's transaction when `k` is one, else in a new transaction. A store method whose
 * writes must commit together uses it, so the same method joins a use case's transaction
 * (`stores.transaction`) without a savepoint and its two extra statements.
 */
export function inTransaction<T>(k: Knex, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return k.isTransaction ? fn(k as Knex.Transaction) : k.transaction(fn);
}
