import type { Actor } from '@grain/domain';
import { SESSION_ENDED_EVENT, type LiveEvent, type LiveEventStore } from '@grain/persistence';
import { actorOfSession, LIVE_CLOSE, mayReceive } from './live-access';

/** One open socket as the hub sees it. */
export interface LiveClient {
  /** The signed-in user; its permissions are refreshed on every session re-check. */
  actor: Actor;
  /** liveSessionKey of the socket's session cookie. */
  sessionKey: string;
  send(ev: LiveEvent): void;
  /** Closes the socket with one of LIVE_CLOSE's codes. */
  end(close: { code: number; reason: string }): void;
}

const POLL_MS = 250;
/** How often every socket's session is looked at again (idle/absolute timeout, lock, group change). */
const RECHECK_MS = 5_000;
/** Ids can commit out of order on Postgres; rows this far behind the cursor are looked at again. */
const LOOKBACK_IDS = 200;
const PRUNE_AFTER_MS = 7 * 24 * 3600_000;

export interface LiveHubOptions {
  pollMs?: number;
  recheckMs?: number;
}

/**
 * Tails live_events (every 250 ms while any socket is open) and hands each new row to the sockets
 * allowed to see it (mayReceive). Rows can be published by any process sharing the database
 * (`stores.live.publish`), including workers elsewhere. A socket lives only as long as its session:
 * sessions are re-checked every few seconds and at once when a sign-out is published.
 */
export class LiveHub {
  private readonly clients = new Set<LiveClient>();
  private cursor = -1;
  private readonly seen = new Set<number>();
  private timer?: NodeJS.Timeout;
  private ticking?: Promise<void>;
  private lastPrune = 0;
  private lastRecheck = Date.now();
  private stopped = false;
  private readonly pollMs: number;
  private readonly recheckMs: number;

  constructor(
    private readonly store: LiveEventStore,
    opts: LiveHubOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? POLL_MS;
    this.recheckMs = opts.recheckMs ?? RECHECK_MS;
  }

  /** The id up to which rows have been dispatched (a resuming socket reads its backlog up to here). */
  async position(): Promise<number> {
    if (this.cursor < 0) this.cursor = await this.store.lastId();
    return this.cursor;
  }

  /** Sockets currently open on one session. */
  socketsOf(sessionKey: string): number {
    let n = 0;
    for (const c of this.clients) if (c.sessionKey === sessionKey) n++;
    return n;
  }

  add(c: LiveClient): void {
    this.clients.add(c);
    this.schedule();
  }
  remove(c: LiveClient): void {
    this.clients.delete(c);
  }

  private schedule() {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.ticking = this.tick()
        .catch((e) => console.error('[live] tail failed:', (e as Error).message))
        .finally(() => {
          this.ticking = undefined;
          if (this.clients.size) this.schedule();
        });
    }, this.pollMs);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    const from = await this.position();
    const rows = await this.store.after(Math.max(0, from - LOOKBACK_IDS), { limit: 2000 });
    const signedOut = new Set<string>();
    for (const ev of rows) {
      if (this.seen.has(ev.id) || ev.id <= from - LOOKBACK_IDS) continue;
      this.seen.add(ev.id);
      if (ev.id > this.cursor) this.cursor = ev.id;
      if (ev.type === SESSION_ENDED_EVENT && ev.userId) signedOut.add(ev.userId);
      for (const c of this.clients) if (mayReceive(c.actor, ev)) c.send(ev);
    }
    for (const id of this.seen) if (id <= this.cursor - LOOKBACK_IDS) this.seen.delete(id);
    if (Date.now() - this.lastRecheck >= this.recheckMs) await this.recheck();
    else if (signedOut.size) await this.recheck(signedOut);
    if (Date.now() - this.lastPrune > 3600_000) {
      this.lastPrune = Date.now();
      await this.store.prune(PRUNE_AFTER_MS);
    }
  }

  /**
   * Closes the sockets whose session no longer holds and refreshes the others' permissions, so a
   * group change or lock applies to the socket as it does to the next request.
   */
  async recheck(onlyUsers?: Set<string>): Promise<void> {
    if (!onlyUsers) this.lastRecheck = Date.now();
    const clients = [...this.clients].filter((c) => !onlyUsers || onlyUsers.has(c.actor.id));
    if (!clients.length) return;
    const live = await this.store.activeSessions([...new Set(clients.map((c) => c.sessionKey))]);
    for (const c of clients) {
      const s = live.get(c.sessionKey);
      if (!s || s.userId !== c.actor.id || s.companyId !== c.actor.companyId) {
        this.clients.delete(c);
        c.end(LIVE_CLOSE.sessionEnded);
      } else {
        c.actor = actorOfSession(s);
      }
    }
  }

  /** Rows for one socket after `afterId` up to the hub's position: what a reconnecting socket missed. */
  async backlog(actor: Actor, afterId: number, upToId: number): Promise<LiveEvent[]> {
    const rows = await this.store.after(afterId, { user: { userId: actor.id, companyId: actor.companyId! }, upToId, limit: 5000 });
    return rows.filter((ev) => mayReceive(actor, ev));
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.ticking;
    this.clients.clear();
  }
}
