import type { Knex } from 'knex';

/** Results of side effects done once per key, so a retried activity returns the first result again. */
export interface ActivityResultStore {
  /** Runs `fn` once per key; later calls with the key return the result kept in activity_results. */
  once<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

export class KnexActivityResultStore implements ActivityResultStore {
  constructor(private readonly k: Knex) {}

  async once<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const done = await this.k('activity_results').where({ idempotency_key: key }).first();
    if (done) return (typeof done.result === 'string' ? JSON.parse(done.result) : done.result) as T;
    const result = await fn();
    await this.k('activity_results')
      .insert({ idempotency_key: key, result: JSON.stringify(result ?? null) })
      .onConflict('idempotency_key')
      .ignore();
    return result;
  }
}
