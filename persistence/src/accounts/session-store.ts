import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Permission, AccountStatus } from '@grain/domain';
import { prepared } from '../certificates/prepared';
import type { UserRow } from './types';
import { strip, toUser } from './user-store';
import { sha256hex } from '../digest';
import type { SessionCache } from './session-cache';

export interface SessionPolicy {
  /** A session unused for this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however busy. */
  absoluteMs: number;
}
export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 30 * 60_000, absoluteMs: 12 * 3600_000 };
/** The idle clock is written at most this often per session (a write on every request would cost more than the read). */
export const SESSION_TOUCH_MS = 60_000;

/** A live session's user, with the group their role names (null when there is none). */
export interface SessionLookup {
  user: UserRow;
  group: { status: AccountStatus; roles: Permission[] } | null;
}

/**
 * Session, user (not deleted) and the group of the user's role (case-insensitive, as GroupStore.byName
 * matches it, within the user's company) in one statement: the lookup every request makes, prepared
 * once per connection.
 */
const LOOKUP_SQL = `select s.user_id, s.last_seen_at, s.expires_at,
    u.id, u.email, u.firstname, u.lastname, u.phone, u.role, u.is_admin, u.status, u.company_id, u.created_at, u.updated_at,
    g.status as group_status, g.roles as group_roles
  from sessions s
  left join users u on u.id = s.user_id and u.deleted_at is null
  left join groups g on g.company_id = u.company_id and lower(g.group_name) = lower(btrim(u.role))
  where s.id_hash = ? and s.ended_at is null
  limit 1`;

/**
 * Server-side sessions. The cookie carries a random 256-bit token; the table keeps only its sha256,
 * so a leaked database row cannot be replayed as a cookie.
 */
export interface SessionStore {
  start(userId: string, meta?: { ip?: string; userAgent?: string }): Promise<{ token: string; expiresAt: Date }>;
  /**
   * The user id of a live session, touching its idle clock; null when unknown, ended, idle too long or
   * past its absolute end. The touch is skipped within a minute of the last one to spare writes.
   */
  resolve(token: string): Promise<string | null>;
  /**
   * What resolve() and a user + group lookup answer, in one round trip: null when the session is unknown,
   * ended, idle too long or past its absolute end (ending it), when its user is deleted, or when the user
   * is not active (locked or deactivated while signed in: the session ends now). With a SessionCache
   * the answer comes from memory while the cache may give it (session-cache.ts: every sign-out, user and
   * group write drops it, in every process, at its commit), once the cache has heard every such write
   * committed before the call (one round trip shared by the calls waiting), so a sign-out, lock or group
   * change holds from the very next request on, in every process.
   */
  resolveSession(token: string): Promise<SessionLookup | null>;
  end(token: string): Promise<void>;
  /** Ends every session of a user (password change, lock, delete). */
  endAllFor(userId: string, exceptToken?: string): Promise<void>;
}

export class KnexSessionStore implements SessionStore {
  constructor(
    private readonly k: Knex,
    private readonly policy: SessionPolicy = DEFAULT_SESSION_POLICY,
    private readonly cache?: SessionCache,
  ) {}

  async start(userId: string, meta: { ip?: string; userAgent?: string } = {}): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.policy.absoluteMs);
    await this.k('sessions').insert({
      id_hash: sha256hex(token),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      ip: meta.ip?.slice(0, 64) ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return { token, expiresAt };
  }

  /**
   * The user id of a live session, touching its idle clock; null when unknown, ended, idle too long or
   * past its absolute end. The touch is skipped within a minute of the last one to spare writes.
   */
  async resolve(token: string): Promise<string | null> {
    const idHash = sha256hex(token);
    const r = await this.k('sessions').where({ id_hash: idHash }).whereNull('ended_at').first();
    if (!r || !(await this.stillLive(idHash, r))) return null;
    await this.touch(idHash, r);
    return r.user_id;
  }

  /** False, ending the session, when it is idle too long or past its absolute end. */
  private async stillLive(idHash: string, r: Record<string, any>): Promise<boolean> {
    const now = Date.now();
    if (now < new Date(r.expires_at).getTime() && now - new Date(r.last_seen_at).getTime() < this.policy.idleMs) return true;
    await this.k('sessions')
      .where({ id_hash: idHash })
      .update({ ended_at: new Date(now) });
    return false;
  }

  /** Moves the idle clock, at most once per SESSION_TOUCH_MS to spare writes; answers the clock's time now. */
  private async touch(idHash: string, r: Record<string, any>): Promise<number> {
    const now = Date.now();
    const seen = new Date(r.last_seen_at).getTime();
    if (now - seen <= SESSION_TOUCH_MS) return seen;
    await this.k('sessions')
      .where({ id_hash: idHash })
      .update({ last_seen_at: new Date(now) });
    return now;
  }

  /**
   * What resolve() and a user + group lookup answer, in one round trip: null when the session is unknown,
   * ended, idle too long or past its absolute end (ending it), when its user is deleted, or when the user
   * is not active (locked or deactivated while signed in: the session ends now). Memory answers while
   * the session cache holds the session: until its idle clock is due a touch, its absolute end, or a
   * write to it, its user or its group is heard (session-cache.ts), and only once the cache has caught
   * up with every such write committed before this call.
   */
  resolveSession(token: string): Promise<SessionLookup | null> {
    const idHash = sha256hex(token);
    const cache = this.cache;
    if (!cache?.get(idHash)) return this.lookup(token, idHash);
    // memory answers once it has heard every write committed before now, unless one of them dropped the session
    return cache.caughtUp().then((heard) => (heard && cache.get(idHash)) || this.lookup(token, idHash));
  }

  /** resolveSession from the database, kept in memory for the next calls. */
  private async lookup(token: string, idHash: string): Promise<SessionLookup | null> {
    const generation = this.cache?.begin() ?? 0;
    const r = (await prepared(this.k, LOOKUP_SQL, [idHash])).rows[0] as Record<string, any> | undefined;
    if (!r || !(await this.stillLive(idHash, r))) return null;
    if (!r.id) return null;
    if (r.status !== 'active') {
      await this.end(token);
      return null;
    }
    const seen = await this.touch(idHash, r);
    const user: UserRow = strip(toUser(r));
    const found: SessionLookup = { user, group: r.group_status == null ? null : { status: r.group_status, roles: r.group_roles ?? [] } };
    // memory answers until the idle clock is due a touch (or the session ends by either clock)
    const until = Math.min(seen + SESSION_TOUCH_MS, seen + this.policy.idleMs, new Date(r.expires_at).getTime());
    this.cache?.put(idHash, found, until, generation);
    return found;
  }

  async end(token: string): Promise<void> {
    this.cache?.forget('s', sha256hex(token));
    await this.k('sessions')
      .where({ id_hash: sha256hex(token) })
      .whereNull('ended_at')
      .update({ ended_at: new Date() });
  }
  /** Ends every session of a user (password change, lock, delete). */
  async endAllFor(userId: string, exceptToken?: string): Promise<void> {
    this.cache?.forget('u', userId);
    const q = this.k('sessions').where({ user_id: userId }).whereNull('ended_at');
    if (exceptToken) q.whereNot({ id_hash: sha256hex(exceptToken) });
    await q.update({ ended_at: new Date() });
  }
}
