import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

const names = new Map<string, string>();
/**
 * A raw statement run as a named prepared statement on Postgres (knex hands `.options()` to the pg
 * driver, which parses and plans it once per connection and reuses it): for the statements every list
 * request sends, parsing and planning were most of their Postgres time (bench/RESULTS.md "(e)"). PGlite
 * ignores the name. Only for SQL whose text comes from the code (values go in `bindings`), as the name
 * is derived from the text.
 */
export function prepared(k: Knex, sql: string, bindings: readonly unknown[]): Knex.Raw {
  let name = names.get(sql);
  if (!name) {
    name = `grain_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    names.set(sql, name);
  }
  return k.raw(sql, bindings as Knex.RawBinding[]).options({ name });
}
