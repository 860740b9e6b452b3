import type { DbNotifications } from '../db-notifications';
import { SESSION_CACHE_CHANNEL } from '../migrations/071_session_cache_notify';
import type { SessionLookup } from './session-store';

/** One cached session: what it resolves to, and until when memory may answer for it. */
interface Entry {
  lookup: SessionLookup;
  /** Memory answers until then; after it the database does (ending or touching the session). */
  until: number;
}

/** Most sessions kept at once; the oldest entry goes first past it. */
const MAX_ENTRIES = 50_000;

/**
 * The sessions this process resolved, by their token's hash, with their user and group: what
 * SessionStore.resolveSession answers, from memory. Exact across processes: every write to sessions,
 * users and groups notifies SESSION_CACHE_CHANNEL in its own transaction (database triggers, migration
 * 071, so no code path can forget it), and the entries it touches are dropped when its commit is heard.
 *
 * Memory answers only while the notifications are heard: before the first listen, and whenever the
 * listening connection is lost (`null`), everything is dropped and the database answers until it
 * listens again. A lookup that was reading the database while a notification arrived is not kept (it
 * may have read the row before that write), so no write is missed between a read and its caching.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every notification: a lookup started under another generation is not kept. */
  private generation = 0;
  private heard = false;
  private unlisten: (() => void) | undefined;

  private constructor(private readonly notifications: Pick<DbNotifications, 'listening'>) {}

  /** A cache listening on `notifications` (resolves once it listens; a failed listen rejects). */
  static async listening(notifications: Pick<DbNotifications, 'listen' | 'listening'>): Promise<SessionCache> {
    const cache = new SessionCache(notifications);
    cache.unlisten = await notifications.listen(SESSION_CACHE_CHANNEL, (p) => cache.heardChange(p));
    cache.heard = true;
    return cache;
  }

  /** Memory may answer now (the notifications are heard). */
  private serving(): boolean {
    return this.heard && this.notifications.listening();
  }

  /** The cached lookup of a session (by its token's hash), while memory may answer for it. */
  get(idHash: string, now = Date.now()): SessionLookup | undefined {
    if (!this.serving()) return undefined;
    const e = this.entries.get(idHash);
    if (!e) return undefined;
    if (now >= e.until) {
      this.entries.delete(idHash);
      return undefined;
    }
    return e.lookup;
  }

  /** The generation to hand back to put(): taken before the database is read. */
  begin(): number {
    return this.generation;
  }

  /** Keeps a lookup read from the database, unless a change was heard since `generation` was taken. */
  put(idHash: string, lookup: SessionLookup, until: number, generation: number): void {
    if (!this.serving() || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(idHash, { lookup, until });
  }

  /**
   * Drops what a write of this process changed, at once (its notification follows at commit): `s` a
   * session by its hash, `u` every session of a user.
   */
  forget(kind: 's' | 'u', id: string): void {
    this.heardChange(`${kind}:${id}`);
  }

  /** Drops what a write changed (`s:<id_hash>`, `u:<user id>`, `g:<company id>`), or everything on `null`. */
  private heardChange(payload: string | null): void {
    this.generation += 1;
    if (payload == null || payload.length < 3) return this.entries.clear();
    const kind = payload.slice(0, 2);
    const id = payload.slice(2);
    if (kind === 's:') this.entries.delete(id);
    else
      for (const [key, e] of this.entries)
        if (kind === 'u:' ? e.lookup.user.id === id : kind === 'g:' ? e.lookup.user.companyId === id : true) this.entries.delete(key);
  }

  /** How many sessions memory holds (for tests and the health view). */
  get size(): number {
    return this.entries.size;
  }

  /** Stops listening and forgets everything. */
  close(): void {
    this.heard = false;
    this.unlisten?.();
    this.entries.clear();
  }
}
