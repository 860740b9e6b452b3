import type { Knex } from 'knex';
import type { PGliteThread } from './pglite-thread';

/**
 * Notifications between the processes that share the database (Postgres LISTEN/NOTIFY): a write sends
 * `notify(k, channel, payload)` in its transaction, and every process that listens hears it when the
 * transaction commits. One mechanism on both databases: on Postgres a connection of its own listens; on
 * PGlite (one process) its one connection listens in its thread.
 *
 * `fn(null)` means notifications may have been missed (the listening connection was lost and is back):
 * whoever keeps something the notifications keep exact must drop it. While the connection is down,
 * `listening()` is false.
 */
export interface DbNotifications {
  listen(channel: string, fn: (payload: string | null) => void): Promise<() => void>;
  /** True while notifications are being heard (false before the first listen, and while reconnecting). */
  listening(): boolean;
  /**
   * A short read (no parameters) on the connection that listens: on Postgres its own connection, so it
   * waits for no pool; rejects while that connection is down. What a listener asks the database to know
   * how far it must have heard (session-cache.ts).
   */
  read(sql: string): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

/** Sends a notification when the surrounding transaction commits (at once outside one). */
export async function notify(k: Knex, channel: string, payload = ''): Promise<void> {
  await k.raw('select pg_notify(?, ?)', [channel, payload]);
}

type Listener = (payload: string | null) => void;

/** The part of node-postgres' Client a listening connection uses (the package ships no types). */
interface PgClient {
  connect(): Promise<void>;
  query(sql: string | { name: string; text: string }): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
  on(event: 'notification', fn: (m: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', fn: () => void): unknown;
}
// knex's own Postgres driver; required as knex requires it
const { Client } = require('pg') as { Client: new (o: { connectionString: string; application_name?: string }) => PgClient };
/** The listening connection's name in pg_stat_activity (operators, and tests that cut it). */
export const LISTENER_APPLICATION_NAME = 'grain notifications';

class Channels {
  readonly by = new Map<string, Set<Listener>>();
  add(channel: string, fn: Listener): { first: boolean; stop: () => void } {
    let set = this.by.get(channel);
    const first = !set;
    if (!set) this.by.set(channel, (set = new Set()));
    set.add(fn);
    return { first, stop: () => set.delete(fn) };
  }
  emit(channel: string, payload: string | null) {
    for (const fn of this.by.get(channel) ?? []) {
      try {
        fn(payload);
      } catch (e) {
        console.error(`notification listener of ${channel} failed:`, e);
      }
    }
  }
  lost() {
    for (const channel of this.by.keys()) this.emit(channel, null);
  }
}

const names = new Map<string, string>();
/** The prepared statement's name of a read's SQL (one per distinct SQL). */
const statementName = (sql: string) => names.get(sql) ?? (names.set(sql, `grain_read_${names.size}`), names.get(sql)!);

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Postgres: one connection of its own LISTENs, reconnecting (and telling every listener `null`) when lost. */
export function postgresNotifications(databaseUrl: string): DbNotifications {
  const channels = new Channels();
  let client: PgClient | undefined;
  let connecting: Promise<PgClient> | undefined;
  let closed = false;
  let up = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = (): Promise<PgClient> =>
    (connecting ??= (async () => {
      const c = new Client({ connectionString: databaseUrl, application_name: LISTENER_APPLICATION_NAME });
      c.on('notification', (m) => channels.emit(m.channel, m.payload ?? ''));
      c.on('error', () => undefined); // 'end' follows
      c.on('end', () => {
        up = false;
        client = undefined;
        connecting = undefined;
        if (closed) return;
        channels.lost();
        retry = setTimeout(() => void reconnect(), 500);
        retry.unref();
      });
      await c.connect();
      for (const ch of channels.by.keys()) await c.query(`listen ${quoteIdent(ch)}`);
      client = c;
      up = true;
      return c;
    })().catch((e: unknown) => {
      connecting = undefined;
      throw e;
    }));
  const reconnect = async () => {
    if (closed) return;
    try {
      await connect();
      channels.lost(); // whatever was sent while down is unknown
    } catch {
      retry = setTimeout(() => void reconnect(), 1000);
      retry.unref();
    }
  };
  return {
    async listen(channel, fn) {
      const { first, stop } = channels.add(channel, fn);
      const c = client ?? (await connect());
      // LISTEN twice is harmless; a channel added while connecting is listened to either way
      if (first) await c.query(`listen ${quoteIdent(channel)}`);
      return stop;
    },
    listening: () => up,
    read(sql) {
      // a named statement: parsed and planned once on this connection, however often it is read
      return client && up ? client.query({ name: statementName(sql), text: sql }) : Promise.reject(new Error('the listening connection is down'));
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      up = false;
      await client?.end().catch(() => undefined);
    },
  };
}

/** PGlite: its one connection listens in its thread (the notifications never leave this process). */
export function pgliteNotifications(thread: PGliteThread): DbNotifications {
  let up = false;
  return {
    async listen(channel, fn) {
      const stop = await thread.listen(channel, fn);
      up = true;
      return stop;
    },
    listening: () => up,
    read: (sql) => thread.query<{ rows: Record<string, unknown>[] }>(sql),
    async close() {
      up = false;
    },
  };
}
