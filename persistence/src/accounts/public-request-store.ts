import type { Knex } from 'knex';

/**
 * How many public (no login) requests each address made in a fixed window, kept in the database so every
 * API process counts the same (issue 26 item 9).
 */
export interface PublicRequestStore {
  /** Counts one request of `address` in `bucket` for the window starting at `windowStart`; answers the count so far. */
  count(address: string, bucket: string, windowStart: Date): Promise<number>;
}

export class KnexPublicRequestStore implements PublicRequestStore {
  constructor(private readonly k: Knex) {}

  async count(address: string, bucket: string, windowStart: Date): Promise<number> {
    const [row] = await this.k('public_request_counts')
      .insert({ address: address.slice(0, 64), bucket, window_start: windowStart, count: 1 })
      .onConflict(['address', 'bucket', 'window_start'])
      .merge({ count: this.k.raw('public_request_counts.count + 1') })
      .returning('count');
    // windows past are of no use: the first request of a window clears those older than an hour
    if (Number(row.count) === 1)
      await this.k('public_request_counts')
        .where('window_start', '<', new Date(windowStart.getTime() - 3_600_000))
        .delete();
    return Number(row.count);
  }
}
