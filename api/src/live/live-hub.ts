import type { LiveEvent, LiveEventStore } from '@grain/persistence';

/** One open socket as the hub sees it. */
export interface LiveClient {
  userId: string;
  companyId: string;
  send(ev: LiveEvent): void;
}

const POLL_MS = 250;
/** Ids can commit out of order on Postgres; rows this far behind the cursor are looked at again. */
const LOOKBACK_IDS = 200;
const PRUNE_AFTER_MS = 7 * 24 * 3600_000;

/**
 * Tails live_events (every 250 ms while any socket is open) and hands each new row to the sockets of
 * its addressee: the one user, or the whole company when the row names no user. Rows can be
 * published by any process sharing the database (`stores.live.publish`), including workers elsewhere.
 */
export class LiveHub {
  private readonly clients = new Set<LiveClient>();
  private cursor = -1;
  private readonly seen = new Set<number>();
  private timer?: NodeJS.Timeout;
  private ticking?: Promise<void>;
  private lastPrune = 0;
  private stopped = false;

  constructor(private readonly store: LiveEventStore, private readonly pollMs = POLL_MS) {}

  /** The id up to which rows have been dispatched (a resuming socket reads its backlog up to here). */
  async position(): Promise<number> {
    if (this.cursor < 0) this.cursor = await this.store.lastId();
    return this.cursor;
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
    for (const ev of rows) {
      if (this.seen.has(ev.id) || ev.id <= from - LOOKBACK_IDS) continue;
      this.seen.add(ev.id);
      if (ev.id > this.cursor) this.cursor = ev.id;
      for (const c of this.clients) {
        if (c.companyId === ev.companyId && (ev.userId === null || ev.userId === c.userId)) c.send(ev);
      }
    }
    for (const id of this.seen) if (id <= this.cursor - LOOKBACK_IDS) this.seen.delete(id);
    if (Date.now() - this.lastPrune > 3600_000) {
      this.lastPrune = Date.now();
      await this.store.prune(PRUNE_AFTER_MS);
    }
  }

  /** Rows for one user after `afterId` up to the hub's position: what a reconnecting socket missed. */
  backlog(user: { userId: string; companyId: string }, afterId: number, upToId: number): Promise<LiveEvent[]> {
    return this.store.after(afterId, { user, upToId, limit: 5000 });
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.ticking;
    this.clients.clear();
  }
}
