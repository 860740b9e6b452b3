import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { sha256hex } from '../digest';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** Single-use, expiring password-reset tokens; only their sha256 is stored. */
export interface ResetTokenStore {
  issue(userId: string): Promise<{ token: string; expiresAt: Date }>;
  /** Marks the token used and returns its user, atomically; null when unknown, used or expired. */
  consume(token: string): Promise<string | null>;
  /** Whether a token could still be used (the reset page asks before showing its form). */
  isValid(token: string): Promise<boolean>;
  /** How many tokens the user was sent after `since` (used or not): the mail flood limit counts them. */
  countIssuedSince(userId: string, since: Date): Promise<number>;
  /** A new token makes older unused ones void. */
  voidFor(userId: string): Promise<void>;
}

export class KnexResetTokenStore implements ResetTokenStore {
  constructor(
    private readonly k: Knex,
    private readonly ttlMs = RESET_TOKEN_TTL_MS,
  ) {}

  async issue(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.ttlMs);
    await this.k('password_reset_tokens').insert({ token_hash: sha256hex(token), user_id: userId, expires_at: expiresAt });
    return { token, expiresAt };
  }

  async consume(token: string): Promise<string | null> {
    const rows = await this.k('password_reset_tokens')
      .where({ token_hash: sha256hex(token) })
      .whereNull('used_at')
      .where('expires_at', '>', new Date())
      .update({ used_at: new Date() })
      .returning('user_id');
    const r = rows[0] as { user_id: string } | string | undefined;
    if (!r) return null;
    return typeof r === 'string' ? r : r.user_id;
  }
  async isValid(token: string): Promise<boolean> {
    return !!(await this.k('password_reset_tokens')
      .where({ token_hash: sha256hex(token) })
      .whereNull('used_at')
      .where('expires_at', '>', new Date())
      .first());
  }
  async countIssuedSince(userId: string, since: Date): Promise<number> {
    const [{ n }] = await this.k('password_reset_tokens').where({ user_id: userId }).where('created_at', '>', since).count<{ n: string }[]>({ n: '*' });
    return Number(n);
  }
  async voidFor(userId: string): Promise<void> {
    await this.k('password_reset_tokens').where({ user_id: userId }).whereNull('used_at').update({ used_at: new Date() });
  }
}
