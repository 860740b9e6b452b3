import type { DbNotifications } from '../db-notifications';
import { SESSION_CACHE_CHANNEL } from '../migrations/071_session_cache_notify';
import { SESSION_CACHE_EPOCH_SQL } from '../migrations/079_session_cache_epoch';
import type { SessionLookup } from './session-store';

/** One cached session: what it resolves to, and until when memory may answer for it. */
interface Entry {
  lookup: SessionLookup;
  /** Memory answers until then; after it the database does (ending or touching the session). */
  until: number;
}

/** Most sessions kept at once; the oldest entry goes first past it. */
const MAX_ENTRIES = 50_000;
/** How long memory waits to hear the writes the counter says were committed before the database answers instead. */
const HEAR_WITHIN_MS = 1_000;

/** Requests waiting until memory has heard as far as the counter read for them. */
interface Waiter {
  epoch: number;
  done: (heard: boolean) => void;
}

/**
 * The sessions this process resolved, by their token's hash, with their user and group: what
 * SessionStore.resolveSession answers, from memory. Exact across processes: every write to sessions,
 * users and groups notifies SESSION_CACHE_CHANNEL in its own transaction (database triggers, migration
 * 071, so no code path can forget it), and the entries it touches are dropped when its commit is heard.
 *
 * Exact on the very next request, in every process (migration 079): each of those writes also moves a
 * counter in its transaction, and its notification carries the counter's value. Before memory answers
 * (caughtUp()), the process reads the counter and waits until it has heard that far, so a write committed
 * before the request came has been heard whatever the notification's delay. One read serves every
 * request waiting meanwhile: one starts when none is running, and the requests that come while one runs
 * wait for the next (the running read may have been taken before their writes committed).
 *
 * Memory answers only while the notifications are heard: before the first listen, and whenever the
 * listening connection is lost (`null`), everything is dropped and the database answers until it
 * listens again and the counter is read anew. A lookup that was reading the database while a
 * notification arrived is not kept (it may have read the row before that write), so no write is missed
 * between a read and its caching.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every notification: a lookup started under another generation is not kept. */
  private generation = 0;
  private heard = false;
  private unlisten: (() => void) | undefined;
  /** The counter's value of the last write heard; undefined until read anew after listening (started or lost). */
  private epoch: number | undefined;
  /** The highest counter heard since listening (again): what the first read after it may already be behind. */
  private heardMax = -1;
  /** Bumped when the listening connection is lost: a read begun before it counts for nothing. */
  private losses = 0;
  /** The counter's read running now, and the requests that came while it ran (they wait for the next). */
  private reading = false;
  private nextReaders: ((heard: boolean) => void)[] = [];
  private waiters: Waiter[] = [];

  private constructor(private readonly notifications: Pick<DbNotifications, 'listening' | 'read'>) {}

  /** A cache listening on `notifications` (resolves once it listens; a failed listen rejects). */
  static async listening(notifications: Pick<DbNotifications, 'listen' | 'listening' | 'read'>): Promise<SessionCache> {
    const cache = new SessionCache(notifications);
    cache.unlisten = await notifications.listen(SESSION_CACHE_CHANNEL, (p) => cache.heardChange(p));
    cache.heard = true;
    await cache.caughtUp();
    return cache;
  }

  /** Memory may answer now (the notifications are heard). */
  private serving(): boolean {
    return this.heard && this.notifications.listening();
  }

  /**
   * Resolves true once every session, user and group write committed before this call has been heard
   * (so what get() answers next is exact), false when that cannot be known soon (not listening, the
   * read failed, or the notifications did not arrive within a second): then the database answers.
   */
  caughtUp(): Promise<boolean> {
    if (!this.serving()) return Promise.resolve(false);
    return new Promise<boolean>((done) => {
      this.nextReaders.push(done);
      if (!this.reading) this.readCounter();
    });
  }

  /** Reads the counter anew when none is being read (after listening again, or when put() found it unknown). */
  private kick(): void {
    if (!this.reading && this.serving()) this.readCounter();
  }

  /** Reads the counter for every request waiting now; the ones that come meanwhile wait for the next read. */
  private readCounter(): void {
    const readers = this.nextReaders;
    this.nextReaders = [];
    this.reading = true;
    const losses = this.losses;
    const known = this.epoch !== undefined;
    let over = false;
    const answered = (at: number) => {
      if (over) return;
      over = true;
      clearTimeout(stuck);
      this.reading = false;
      if (this.nextReaders.length) this.readCounter();
      // no value, or the connection was lost meanwhile (what was heard before it counts for nothing)
      if (!Number.isFinite(at) || losses !== this.losses) return readers.forEach((done) => done(false));
      if (!known) return this.startCounting(at, readers);
      this.whenHeard(at, readers);
    };
    // a read that does not answer (a stalled connection) holds no request: its readers go to the database
    const stuck = setTimeout(() => answered(NaN), HEAR_WITHIN_MS);
    stuck.unref();
    this.notifications.read(SESSION_CACHE_EPOCH_SQL).then(
      (r) => answered(Number(r.rows[0]?.n)),
      () => answered(NaN),
    );
  }

  /**
   * The first read after listening (or after the connection was lost): memory was emptied then and has
   * kept nothing since (put() waits for a known counter). Every write up to `at` committed before the
   * read and after the listen began, or before it (and then memory, emptied, holds nothing it changed):
   * from here on, what memory has heard counts from `at`, or from a later value heard meanwhile (the
   * notifications come in the counter's order, so the ones before it were heard too).
   */
  private startCounting(at: number, readers: ((heard: boolean) => void)[]): void {
    if (!this.serving()) return readers.forEach((done) => done(false));
    this.epoch ??= Math.max(at, this.heardMax);
    readers.forEach((done) => done(true));
  }

  /** Calls each reader back once the writes up to `at` are heard (at once when they are), or false after HEAR_WITHIN_MS. */
  private whenHeard(at: number, readers: ((heard: boolean) => void)[]): void {
    if (this.epoch !== undefined && this.epoch >= at) return readers.forEach((done) => done(true));
    if (!readers.length) return;
    const waiter: Waiter = { epoch: at, done: (heard) => readers.forEach((done) => done(heard)) };
    this.waiters.push(waiter);
    setTimeout(() => this.release(waiter, false), HEAR_WITHIN_MS).unref();
  }

  private release(waiter: Waiter, heard: boolean): void {
    const i = this.waiters.indexOf(waiter);
    if (i < 0) return;
    this.waiters.splice(i, 1);
    waiter.done(heard);
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
    if (this.epoch === undefined) return this.kick(); // kept from when the counter is known
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

  /**
   * Drops what a write changed (`<counter> s:<id_hash>`, `<counter> u:<user id>`, `<counter> g:<company
   * id>`; a local forget() has no counter), or everything on `null` (notifications may have been missed:
   * the counter must be read anew before memory answers again).
   */
  private heardChange(payload: string | null): void {
    this.generation += 1;
    if (payload == null) {
      this.epoch = undefined;
      this.heardMax = -1;
      this.losses += 1;
      for (const w of [...this.waiters]) this.release(w, false);
      this.entries.clear();
      return this.kick(); // listening again: count from the counter as it is now
    }
    const space = payload.indexOf(' ');
    const at = space > 0 ? Number(payload.slice(0, space)) : NaN;
    this.drop(space > 0 ? payload.slice(space + 1) : payload);
    // the writes up to `at` are heard (the counter's order is the commits' order, which the notifications keep)
    if (at > this.heardMax) this.heardMax = at;
    if (this.epoch !== undefined && at > this.epoch) {
      this.epoch = at;
      for (const w of this.waiters.filter((w) => w.epoch <= at)) this.release(w, true);
    }
  }

  /** Drops the entries a change names (`s:<id_hash>`, `u:<user id>`, `g:<company id>`), everything when it names none. */
  private drop(change: string): void {
    if (change.length < 3) return this.entries.clear();
    const kind = change.slice(0, 2);
    const id = change.slice(2);
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
    for (const done of this.nextReaders.splice(0)) done(false);
    this.unlisten?.();
    this.entries.clear();
    for (const w of [...this.waiters]) this.release(w, false);
  }
}
