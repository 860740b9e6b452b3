import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { AppError } from '@grain/domain';
import { iso } from './types';

/** A passkey as the store hands it out. */
export interface PasskeyRow {
  id: string;
  userId: string;
  companyId: string;
  /** base64url, as the authenticator names the credential. */
  credentialId: string;
  /** base64url of the COSE public key (what WebAuthn verification reads). */
  publicKeyCose: string;
  /** SPKI PEM of the same key (what a signature's checker reads). */
  publicKeyPem: string;
  algorithm: 'ES256' | 'RS256';
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  removedAt: string | null;
}

export type NewPasskey = Omit<PasskeyRow, 'id' | 'createdAt' | 'lastUsedAt' | 'removedAt'>;

/** Sign-ins with a passkey one address has under way at once, at most (their challenges live PASSKEY_ENROLMENT_TTL_MS). */
const PASSKEY_LOGINS_OPEN_PER_ADDRESS = 20;

/** An enrolment's or sign-in's challenge lives this long: the platform's prompt answers at once. */
export const PASSKEY_ENROLMENT_TTL_MS = 5 * 60_000;

const toRow = (r: Record<string, any>): PasskeyRow => ({
  id: r.id,
  userId: r.user_id,
  companyId: r.company_id,
  credentialId: r.credential_id,
  publicKeyCose: r.public_key_cose,
  publicKeyPem: r.public_key_pem,
  algorithm: r.algorithm,
  counter: Number(r.counter),
  transports: r.transports ? String(r.transports).split(',') : [],
  name: r.name,
  createdAt: iso(r.created_at),
  lastUsedAt: r.last_used_at ? iso(r.last_used_at) : null,
  removedAt: r.removed_at ? iso(r.removed_at) : null,
});

/**
 * Signers' passkeys (WebAuthn credentials). Enrolment: `startEnrolment` keeps the challenge of the
 * registration under way (one per user, one use), `takeEnrolment` hands it back once, `add` keeps the
 * verified credential. A removed passkey signs no more but stays, so what it signed keeps verifying.
 */
export interface PasskeyStore {
  startEnrolment(userId: string, challenge: string): Promise<void>;
  /** The challenge of the user's enrolment under way (then gone), or null when none or expired. */
  takeEnrolment(userId: string): Promise<string | null>;
  /** Keeps the challenge of a sign-in with a passkey asked from `address` (anyone may ask; expired ones are swept then; LOGIN_THROTTLED past PASSKEY_LOGINS_OPEN_PER_ADDRESS open from that address). */
  startLogin(challenge: string, address: string): Promise<void>;
  /** True once for a kept, unexpired sign-in challenge (then gone). */
  takeLogin(challenge: string): Promise<boolean>;
  /** PASSKEY_EXISTS when the credential is already known. */
  add(p: NewPasskey): Promise<PasskeyRow>;
  /** The user's passkeys that still sign, oldest first. */
  ofUser(userId: string): Promise<PasskeyRow[]>;
  /** A passkey that still signs, by the authenticator's credential id (any user's). */
  byCredentialId(credentialId: string): Promise<PasskeyRow | null>;
  /** Passkeys of the company by our ids, removed ones too (to state old signatures). */
  byIds(companyId: string, ids: string[]): Promise<Map<string, PasskeyRow>>;
  /** After a verified assertion: the authenticator's new counter and the time. */
  used(id: string, counter: number): Promise<void>;
  /** Removes one of the user's passkeys; NOT_FOUND when it is not theirs or already removed. */
  remove(userId: string, id: string): Promise<void>;
}

export class KnexPasskeyStore implements PasskeyStore {
  constructor(
    private readonly k: Knex,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async startEnrolment(userId: string, challenge: string): Promise<void> {
    const expires_at = new Date(this.now().getTime() + PASSKEY_ENROLMENT_TTL_MS).toISOString();
    await this.k('passkey_enrolments').insert({ user_id: userId, challenge, expires_at }).onConflict('user_id').merge();
  }

  async takeEnrolment(userId: string): Promise<string | null> {
    const rows = await this.k('passkey_enrolments').where({ user_id: userId }).del().returning(['challenge', 'expires_at']);
    const r = rows[0];
    return r && new Date(r.expires_at).getTime() > this.now().getTime() ? (r.challenge as string) : null;
  }

  async startLogin(challenge: string, address: string): Promise<void> {
    const now = this.now();
    await this.k('passkey_logins').where('expires_at', '<=', now.toISOString()).del();
    // anyone may ask: one address's flood of sign-in prompts is bounded without holding back anyone else
    const [{ n }] = await this.k('passkey_logins').where({ address }).count({ n: '*' });
    if (Number(n) >= PASSKEY_LOGINS_OPEN_PER_ADDRESS) throw new AppError('LOGIN_THROTTLED');
    await this.k('passkey_logins').insert({ challenge, address, expires_at: new Date(now.getTime() + PASSKEY_ENROLMENT_TTL_MS).toISOString() });
  }

  async takeLogin(challenge: string): Promise<boolean> {
    const rows = await this.k('passkey_logins').where({ challenge }).del().returning(['expires_at']);
    return !!rows[0] && new Date(rows[0].expires_at).getTime() > this.now().getTime();
  }

  async add(p: NewPasskey): Promise<PasskeyRow> {
    const id = randomUUID();
    try {
      await this.k('passkeys').insert({
        id,
        user_id: p.userId,
        company_id: p.companyId,
        credential_id: p.credentialId,
        public_key_cose: p.publicKeyCose,
        public_key_pem: p.publicKeyPem,
        algorithm: p.algorithm,
        counter: p.counter,
        transports: p.transports.join(','),
        name: p.name,
        created_at: this.now().toISOString(),
      });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new AppError('PASSKEY_EXISTS');
      throw e;
    }
    return toRow(await this.k('passkeys').where({ id }).first());
  }

  async ofUser(userId: string): Promise<PasskeyRow[]> {
    return (await this.k('passkeys').where({ user_id: userId }).whereNull('removed_at').orderBy('created_at')).map(toRow);
  }

  async byCredentialId(credentialId: string): Promise<PasskeyRow | null> {
    const r = await this.k('passkeys').where({ credential_id: credentialId }).whereNull('removed_at').first();
    return r ? toRow(r) : null;
  }

  async byIds(companyId: string, ids: string[]): Promise<Map<string, PasskeyRow>> {
    const uuids = ids.filter((x) => /^[0-9a-f-]{36}$/i.test(x));
    if (uuids.length === 0) return new Map();
    const rows = (await this.k('passkeys').where({ company_id: companyId }).whereIn('id', uuids)).map(toRow);
    return new Map(rows.map((r) => [r.id, r]));
  }

  async used(id: string, counter: number): Promise<void> {
    await this.k('passkeys').where({ id }).update({ counter, last_used_at: this.now().toISOString() });
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND');
    const gone = await this.k('passkeys')
      .where({ id, user_id: userId })
      .whereNull('removed_at')
      .update({ removed_at: this.now().toISOString() })
      .returning('id');
    if (gone.length === 0) throw new AppError('NOT_FOUND');
  }
}
