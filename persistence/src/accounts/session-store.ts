import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

export const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');

export interface SessionPolicy {
  /** A session unused for this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however busy. */
  absoluteMs: number;
}
export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 30 * 60_000, absoluteMs: 12 * 3600_000 };

/**
 * Server-side sessions. The cookie carries a random 256-bit token; the table keeps only its sha256,
 * so a leaked database row cannot be replayed as a cookie.
 */
export class SessionStore {
  constructor(private readonly k: Knex, private readonly policy: SessionPolicy = DEFAULT_SESSION_POLICY) {}

  async start(userId: string, meta: { ip?: string; userAgent?: string } = {}): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.policy.absoluteMs);
    await this.k('sessions').insert({
      id_hash: sha256hex(token), user_id: userId, created_at: now, last_seen_at: now, expires_at: expiresAt,
      ip: meta.ip?.slice(0, 64) ?? null, user_agent: meta.userAgent?.slice(0, 300) ?? null,
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
    if (!r) return null;
    const now = Date.now();
    const lastSeen = new Date(r.last_seen_at).getTime();
    if (now >= new Date(r.expires_at).getTime() || now - lastSeen >= this.policy.idleMs) {
      await this.k('sessions').where({ id_hash: idHash }).update({ ended_at: new Date(now) });
      return null;
    }
    if (now - lastSeen > 60_000) await this.k('sessions').where({ id_hash: idHash }).update({ last_seen_at: new Date(now) });
    return r.user_id;
  }

  async end(token: string): Promise<void> {
    await this.k('sessions').where({ id_hash: sha256hex(token) }).whereNull('ended_at').update({ ended_at: new Date() });
  }
  /** Ends every session of a user (password change, lock, delete). */
  async endAllFor(userId: string, exceptToken?: string): Promise<void> {
    const q = this.k('sessions').where({ user_id: userId }).whereNull('ended_at');
    if (exceptToken) q.whereNot({ id_hash: sha256hex(exceptToken) });
    await q.update({ ended_at: new Date() });
  }
}
