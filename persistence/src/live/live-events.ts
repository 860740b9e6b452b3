import type { Knex } from 'knex';
import { preparedResult } from '../certificates/prepared';
import { liveSessions, type LiveSession } from './live-sessions';

/**
 * Published to a user when one of their sessions ends (sign-out): the hub re-checks that user's
 * sockets at once instead of at its next periodic check. Never delivered to a socket.
 */
export const SESSION_ENDED_EVENT = 'session_ended';

/** One message of the live channel, as sent on the socket: `{ type, data, id }`. */
export interface LiveEvent {
  id: number;
  companyId: string;
  /** null: for every signed-in user of the company. */
  userId: string | null;
  type: string;
  data: unknown;
  createdAt: string;
}

export interface PublishLiveInput {
  companyId: string;
  /** The one user to tell; omit to tell the whole company. */
  userId?: string | null;
  type: string;
  data: unknown;
}

const toEvent = (r: Record<string, unknown>): LiveEvent => ({
  id: Number(r.id),
  companyId: String(r.company_id),
  userId: (r.user_id as string | null) ?? null,
  type: String(r.type),
  data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
  createdAt: new Date(r.created_at as string).toISOString(),
});

/** The live outbox: published to by any process, tailed by the API's live hub. */
export interface LiveEventStore {
  /** Publishes a message to one user or a whole company; through `stores.transaction`, only if it commits. */
  publish(ev: PublishLiveInput): Promise<number>;
  /** Events after `afterId` (ascending), optionally only those addressed to one user of a company. */
  after(afterId: number, opts?: { limit?: number; upToId?: number; user?: { userId: string; companyId: string } }): Promise<LiveEvent[]>;
  lastId(): Promise<number>;
  /** The sessions among `keys` (liveSessionKey) that still hold, by key; read only (see liveSessions). */
  activeSessions(keys: string[], idleMs?: number): Promise<Map<string, LiveSession>>;
  /** Drops events older than `ms` (a reconnect later than that starts fresh). */
  prune(ms: number): Promise<number>;
}

export class KnexLiveEventStore implements LiveEventStore {
  constructor(private readonly k: Knex) {}

  /**
   * Publishes a live message by inserting it into live_events; the API's live hub tails the table and
   * pushes it to the user's sockets. Works from any process that shares the database (activities in a
   * separate worker included), and a message published while a socket is down is delivered when it
   * reconnects with ?after=<last id seen>. Publish through `stores.transaction` to publish only if it commits.
   */
  async publish(ev: PublishLiveInput): Promise<number> {
    // a named prepared statement: every batch commit that moves the read model publishes (issue 29)
    const { rows } = await preparedResult<{ id: string | number }>(
      this.k,
      'insert into live_events (company_id, user_id, type, data) values (?, ?, ?, ?) returning id',
      [ev.companyId, ev.userId ?? null, ev.type, JSON.stringify(ev.data ?? null)],
    );
    return Number(rows[0].id);
  }

  async after(afterId: number, opts: { limit?: number; upToId?: number; user?: { userId: string; companyId: string } } = {}): Promise<LiveEvent[]> {
    let q = this.k('live_events')
      .where('id', '>', afterId)
      .orderBy('id', 'asc')
      .limit(Math.min(opts.limit ?? 500, 5000));
    if (opts.upToId !== undefined) q = q.where('id', '<=', opts.upToId);
    if (opts.user) {
      const { userId, companyId } = opts.user;
      q = q.where('company_id', companyId).where((w) => w.where('user_id', userId).orWhereNull('user_id'));
    }
    return (await q).map(toEvent);
  }

  async lastId(): Promise<number> {
    const row = await this.k('live_events').max('id as id').first();
    return Number(row?.id ?? 0);
  }

  activeSessions(keys: string[], idleMs?: number): Promise<Map<string, LiveSession>> {
    return liveSessions(this.k, keys, idleMs);
  }

  async prune(ms: number): Promise<number> {
    return this.k('live_events')
      .where('created_at', '<', new Date(Date.now() - ms))
      .delete();
  }
}
