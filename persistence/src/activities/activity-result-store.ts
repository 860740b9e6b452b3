import type { Knex } from 'knex';
import { prepared, preparedResult } from '../certificates/prepared';

/** Results of side effects done once per key, so a retried activity returns the first result again. */
export interface ActivityResultStore {
  /** Runs `fn` once per key; later calls with the key return the result kept in activity_results. */
  once<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

export class KnexActivityResultStore implements ActivityResultStore {
  constructor(private readonly k: Knex) {}

  async once<T>(key: string, fn: () => Promise<T>): Promise<T> {
    // named prepared statements: the PDF step of every certificate sends them (issue 29)
    const [done] = (await preparedResult<{ result: unknown }>(this.k, 'select result from activity_results where idempotency_key = ?', [key])).rows;
    if (done) return (typeof done.result === 'string' ? JSON.parse(done.result) : done.result) as T;
    const result = await fn();
    await prepared(this.k, 'insert into activity_results (idempotency_key, result) values (?, ?) on conflict (idempotency_key) do nothing', [
      key,
      JSON.stringify(result ?? null),
    ]);
    return result;
  }
}
