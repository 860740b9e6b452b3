import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { sha256hex } from '../digest';

export const EMAIL_CHANGE_TTL_MS = 60 * 60_000;

/**
 * Requests to change one's own e-mail address, waiting for the new address to confirm them: the link's
 * token is stored only as its sha256, works once, within an hour, and only the newest request of a
 * user counts (asking again voids the older link).
 */
export interface EmailChangeStore {
  request(userId: string, newEmail: string): Promise<{ token: string; expiresAt: Date }>;
  /** Marks the request used and answers it, atomically; null when unknown, used, voided or expired. */
  consume(token: string): Promise<{ userId: string; newEmail: string } | null>;
  /** How many requests the user made after `since` (the mail flood limit counts them). */
  countSince(userId: string, since: Date): Promise<number>;
}

export class KnexEmailChangeStore implements EmailChangeStore {
  constructor(
    private readonly k: Knex,
    private readonly ttlMs = EMAIL_CHANGE_TTL_MS,
  ) {}

  async request(userId: string, newEmail: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.ttlMs);
    await this.k.transaction(async (tx) => {
      await tx('email_change_requests').where({ user_id: userId }).whereNull('used_at').update({ used_at: new Date() });
      await tx('email_change_requests').insert({ token_hash: sha256hex(token), user_id: userId, new_email: newEmail, expires_at: expiresAt });
    });
    return { token, expiresAt };
  }

  async consume(token: string): Promise<{ userId: string; newEmail: string } | null> {
    const rows = (await this.k('email_change_requests')
      .where({ token_hash: sha256hex(token) })
      .whereNull('used_at')
      .where('expires_at', '>', new Date())
      .update({ used_at: new Date() })
      .returning(['user_id', 'new_email'])) as Array<{ user_id: string; new_email: string }>;
    const r = rows[0];
    return r ? { userId: r.user_id, newEmail: r.new_email } : null;
  }

  async countSince(userId: string, since: Date): Promise<number> {
    const [{ n }] = await this.k('email_change_requests').where({ user_id: userId }).where('created_at', '>', since).count<{ n: string }[]>({ n: '*' });
    return Number(n);
  }
}
