import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

const names = new Map<string, string>();
const nameOf = (sql: string): string => {
  let name = names.get(sql);
  if (!name) names.set(sql, (name = `grain_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`));
  return name;
};

const numberedTexts = new Map<string, string>();
/** The text with pg's $1, $2, ... placeholders, as knex's Postgres client would send it (once per text). */
function numbered(sql: string): string {
  let text = numberedTexts.get(sql);
  if (!text) {
    // Every `?` is a value here (no `??` identifier, no escaped `\\?`: the texts come from the code).
    if (/\?\?|\\\?/.test(sql)) throw new Error('preparedRows: `??` and `\\?` are not supported');
    let i = 0;
    numberedTexts.set(sql, (text = sql.replace(/\?/g, () => `$${++i}`)));
  }
  return text;
}

/**
 * A raw statement run as a named prepared statement on Postgres (knex hands `.options()` to the pg
 * driver, which parses and plans it once per connection and reuses it): for the statements every list
 * request sends, parsing and planning were most of their Postgres time (bench/RESULTS.md "(e)"). PGlite
 * ignores the name. Only for SQL whose text comes from the code (values go in `bindings`), as the name
 * is derived from the text.
 */
export function prepared(k: Knex, sql: string, bindings: readonly unknown[]): Knex.Raw {
  return k.raw(sql, bindings as Knex.RawBinding[]).options({ name: nameOf(sql) });
}

interface PgConnection {
  query(q: { name: string; text: string; values: readonly unknown[] }, done: (e: Error | null, r: { rows: unknown[] }) => void): void;
}
interface KnexClientInternals {
  /** What knex was opened with: 'pg' for Postgres (db.ts); PGlite's client is a class built on knex's pg client. */
  config: { client?: unknown };
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(c: PgConnection): Promise<unknown>;
}

/**
 * The rows of `prepared(k, sql, bindings)`, sent on Postgres straight to a pg connection of knex's own
 * pool (the same connections, the same named statement) without knex's query builder and runner: on
 * the list's one statement per request these were 6.9 % of the API's CPU (bench/RESULTS.md "(e)"). The
 * 'query', 'query-response' and 'query-error' events knex would emit are emitted here too (the
 * database probe and the bench's plan capture read them). Inside a transaction, and on PGlite, it is
 * `prepared()` through knex.
 *
 * The statement is sent with pg's callback and the connection goes back to the pool inside it, before
 * the caller's promise settles (as pg's own Pool.query does). Awaiting pg's promise and giving the
 * connection back after it kept the answered rows alive through scavenges: under the list's load ~90 %
 * of every answer's page text was promoted to old space (prepared-gc.test; the API's scavenges took
 * 7-15 ms and a mark-compact ran every ~5 s, bench/RESULTS.md).
 */
export function preparedRows<R>(k: Knex, sql: string, bindings: readonly unknown[]): Promise<R[]> {
  const client = k.client as KnexClientInternals;
  if (k.isTransaction || client.config.client !== 'pg') return prepared(k, sql, bindings).then((r: { rows: R[] }) => r.rows);
  const name = nameOf(sql);
  const text = numbered(sql);
  const event = { method: 'raw', sql: text, bindings, options: { name } };
  k.emit('query', event);
  // One promise for the caller and one for the connection: no async function (and its awaits) around
  // them, whose promises and microtask hops every list request paid (request-layers.test counts them).
  return new Promise<R[]>((resolve, reject) => {
    client.acquireConnection().then((connection) => {
      try {
        connection.query({ name, text, values: bindings }, (e, response) => {
          // knex gives it back to the pool at once (its promise is already settled): no tick waited for
          void client.releaseConnection(connection);
          if (e) {
            k.emit('query-error', e, event);
            return reject(e);
          }
          k.emit('query-response', response, event);
          resolve(response.rows as R[]);
        });
      } catch (e) {
        void client.releaseConnection(connection);
        reject(e as Error);
      }
    }, reject);
  });
}

/** `prepared(k, sql, bindings)`'s result, typed: its rows. */
export async function preparedResult<R>(k: Knex, sql: string, bindings: readonly unknown[]): Promise<{ rows: R[] }> {
  return (await prepared(k, sql, bindings)) as { rows: R[] };
}
