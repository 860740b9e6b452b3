import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { AppError, OTP_DEFAULT_TTL_MS, OTP_DIGITS, OTP_MAX_ATTEMPTS, OTP_MAX_TTL_MS, type OtpBinding } from '@grain/domain';
import { sha256hex } from '../digest';
import { preparedResult } from './prepared';

/** After verification the signer has this long to complete the sign call. */
const REDEEM_GRACE_MS = 2 * 60_000;

/** Fresh codes a signer may ask for per level within OTP_REQUEST_WINDOW_MS: each brings 5 more guesses. */
export const OTP_REQUESTS_PER_WINDOW = 3;
export const OTP_REQUEST_WINDOW_MS = 15 * 60_000;
/** Passkey challenges a signer may ask for per level within the same window (each is one prompt; no mail). */
export const PASSKEY_CHALLENGES_PER_WINDOW = 20;
/** A passkey challenge is answered by the platform's prompt at once: it lives this long. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

const hashCode = (salt: string, id: string, code: string) => sha256hex(`${salt}|${id}|${code}`);

/**
 * One-time codes for signing. The code is made here with a CSPRNG, returned once to the
 * caller that mails it, and stored only as a salted hash with its expiry. Flow:
 *   issue   (API, its request-code command: mailSigningCode) - supersedes older codes of the binding;
 *   verify  (API, with the typed code)  - 5 attempts per code, single use; returns an otpId;
 *   redeem  (the sign's batch commit, with the otpId) - checks binding + content, once.
 * Neither the code nor its hash ever enters workflow history.
 *
 * A passkey challenge is the same contract with another kind of secret: issued for the binding (the
 * challenge is the sha256 of a statement naming certificate, level, content hash and user), verified by
 * the API once the assertion over it checks out (single use), and redeemed by the sign Update's commit
 * exactly as a code is.
 */
export interface OtpStore {
  /** A fresh code for the binding (older unverified ones are superseded); the code is returned once, never stored. */
  issue(b: OtpBinding, ttlMs?: number): Promise<{ otpId: string; code: string; expiresAt: string }>;
  /** OTP_REQUESTS_THROTTLED (with retryAt) once the signer had OTP_REQUESTS_PER_WINDOW codes for the level in the window. */
  assertMayRequest(b: Omit<OtpBinding, 'contentHash'>): Promise<void>;
  /** Checks a typed code: OTP_REQUIRED, OTP_INVALID, OTP_EXPIRED or OTP_LOCKED, else the code's id. */
  verify(b: Omit<OtpBinding, 'contentHash'>, code: string): Promise<{ otpId: string }>;
  /** Consumes a verified code for one sign (idempotent per redeemKey); CONTENT_CHANGED after an edit. */
  redeem(otpId: string, b: OtpBinding, redeemKey: string): Promise<void>;
  /** A passkey challenge for the binding; `challenge` is base64url(sha256(statement)). OTP_REQUESTS_THROTTLED past the window's count. */
  issuePasskeyChallenge(b: OtpBinding, statement: string, challenge: string): Promise<{ challengeId: string; expiresAt: string }>;
  /** An unused, unexpired passkey challenge of this certificate, level and user; PASSKEY_CHALLENGE_INVALID otherwise. */
  passkeyChallenge(challengeId: string, b: Omit<OtpBinding, 'contentHash'>): Promise<{ challenge: string; statement: string; contentHash: string }>;
  /** Marks the challenge verified (its assertion checked out), once: a second use is PASSKEY_CHALLENGE_INVALID. Answers the id to redeem. */
  markPasskeyVerified(challengeId: string, b: Omit<OtpBinding, 'contentHash'>): Promise<{ otpId: string }>;
}

const CODE = { kind: 'code' } as const;

/** OTP_REQUESTS_THROTTLED, saying when the oldest counted code leaves the window. */
function throttled(oldest: string | Date, now: number): AppError {
  const retryAt = new Date(new Date(oldest).getTime() + OTP_REQUEST_WINDOW_MS);
  return new AppError('OTP_REQUESTS_THROTTLED', {
    retryAt: retryAt.toISOString(),
    retryAfterSeconds: Math.max(1, Math.ceil((retryAt.getTime() - now) / 1000)),
  });
}
const PASSKEY = { kind: 'passkey' } as const;

export class KnexOtpStore implements OtpStore {
  constructor(
    private readonly k: Knex,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * One statement (issue 29: a code request was five): the throttle (assertMayRequest's rule, counted in
   * the same snapshot), the binding's older unverified codes superseded and the new code stored; a refused
   * request stores and supersedes nothing.
   */
  async issue(b: OtpBinding, ttlMs = OTP_DEFAULT_TTL_MS): Promise<{ otpId: string; code: string; expiresAt: string }> {
    const ttl = Math.min(Math.max(ttlMs, 1000), OTP_MAX_TTL_MS);
    const code = String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, '0');
    const otpId = randomUUID();
    const salt = randomBytes(16).toString('hex');
    const now = this.now();
    const expiresAt = new Date(now.getTime() + ttl).toISOString();
    const binding = [b.certificateId, b.level, b.userId, CODE.kind];
    const r = await preparedResult<{ n: number; oldest: string | Date | null; id: string | null }>(
      this.k,
      `with recent as (
         select created_at from certificate_otps
          where certificate_id = ? and level = ? and user_id = ? and kind = ? and created_at > ?::timestamptz and redeemed_at is null
          order by created_at desc limit ?
       ), gate as (select count(*)::int as n, min(created_at) as oldest from recent),
       superseded as (
         update certificate_otps set superseded_at = ?::timestamptz
          where certificate_id = ? and level = ? and user_id = ? and kind = ? and superseded_at is null and verified_at is null
            and (select n from gate) < ?
       ), stored as (
         insert into certificate_otps (id, kind, certificate_id, level, user_id, content_hash, salt, code_hash, expires_at, created_at)
         select ?, ?, ?, ?::int, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz where (select n from gate) < ?
         returning id
       )
       select gate.n, gate.oldest, (select id from stored) as id from gate`,
      [
        ...binding,
        new Date(now.getTime() - OTP_REQUEST_WINDOW_MS).toISOString(),
        OTP_REQUESTS_PER_WINDOW,
        now.toISOString(),
        ...binding,
        OTP_REQUESTS_PER_WINDOW,
        otpId,
        CODE.kind,
        b.certificateId,
        b.level,
        b.userId,
        b.contentHash,
        salt,
        hashCode(salt, otpId, code),
        expiresAt,
        now.toISOString(),
        OTP_REQUESTS_PER_WINDOW,
      ],
    );
    const row = r.rows[0];
    if (!row?.id) throw throttled(row?.oldest ?? now, now.getTime());
    return { otpId, code, expiresAt };
  }

  /**
   * Refuses a fresh code while the signer already had OTP_REQUESTS_PER_WINDOW codes for this level within
   * the window (counted over issued codes, so a refused or failed request costs nothing). A code that
   * signed does not count: it was spent on a signature, not guessed at, so a signer sent back and asked to
   * sign again within the window is not held back. The refusal says when the oldest counted code leaves
   * the window. `issue` applies the same rule in its own statement; this is the check without issuing.
   */
  async assertMayRequest(b: Omit<OtpBinding, 'contentHash'>): Promise<void> {
    const now = this.now().getTime();
    const recent: Array<string | Date> = await this.k('certificate_otps')
      .where({ certificate_id: b.certificateId, level: b.level, user_id: b.userId, ...CODE })
      .where('created_at', '>', new Date(now - OTP_REQUEST_WINDOW_MS).toISOString())
      .whereNull('redeemed_at')
      .orderBy('created_at', 'desc')
      .limit(OTP_REQUESTS_PER_WINDOW)
      .pluck('created_at');
    if (recent.length < OTP_REQUESTS_PER_WINDOW) return;
    throw throttled(recent[recent.length - 1], now);
  }

  /**
   * Checks a typed code against the signer's newest code for this level, in one statement (issue 29: it
   * was five): the row is locked, compared (the salted hash, computed by Postgres), and either marked
   * verified or its attempt counted, so guesses sent at once are each counted before the next is compared.
   * Refusals: OTP_INVALID (wrong or already used), OTP_EXPIRED, OTP_LOCKED (5 wrong attempts; a new code
   * is needed).
   */
  async verify(b: Omit<OtpBinding, 'contentHash'>, code: string): Promise<{ otpId: string }> {
    const typed = String(code ?? '').trim();
    if (!typed) throw new AppError('OTP_REQUIRED');
    const now = this.now().toISOString();
    const r = await preparedResult<{ id: string; attempts: number; expires_at: string | Date; counted: number | null; ok: boolean | null }>(
      this.k,
      `with c as (
         select id, attempts, expires_at,
                (?::boolean and code_hash = encode(sha256(convert_to(salt || '|' || id || '|' || ?::text, 'UTF8')), 'hex')) as ok
           from certificate_otps
          where certificate_id = ? and level = ? and user_id = ? and kind = ? and superseded_at is null and verified_at is null
          order by created_at desc limit 1
          for update
       ), u as (
         update certificate_otps o
            set attempts = case when c.ok then o.attempts else o.attempts + 1 end,
                verified_at = case when c.ok then ?::timestamptz else null end
           from c
          where o.id = c.id and c.expires_at > ?::timestamptz and c.attempts < ?
         returning o.attempts, c.ok
       )
       select c.id, c.attempts, c.expires_at, u.attempts as counted, u.ok from c left join u on true`,
      [/^\d+$/.test(typed), typed, b.certificateId, b.level, b.userId, CODE.kind, now, now, OTP_MAX_ATTEMPTS],
    );
    const row = r.rows[0];
    if (!row) throw new AppError('OTP_INVALID');
    if (row.counted === null) {
      if (new Date(row.expires_at).getTime() <= Date.parse(now)) throw new AppError('OTP_EXPIRED');
      throw new AppError('OTP_LOCKED');
    }
    if (row.ok) return { otpId: row.id };
    const attempts = Number(row.counted);
    throw new AppError(attempts >= OTP_MAX_ATTEMPTS ? 'OTP_LOCKED' : 'OTP_INVALID', { attemptsLeft: OTP_MAX_ATTEMPTS - attempts });
  }

  /**
   * Consumes a verified code for a sign, in one statement (issue 29: it was two). `redeemKey` makes a
   * retried redeem of the same sign succeed again; any other second use fails. CONTENT_CHANGED when the
   * certificate was edited after issue.
   */
  async redeem(otpId: string, b: OtpBinding, redeemKey: string): Promise<void> {
    const now = this.now();
    const r = await preparedResult<{
      certificate_id: string;
      level: number;
      user_id: string;
      verified_at: unknown;
      redeemed_at: unknown;
      redeem_key: string | null;
      content_hash: string;
      expires_at: string | Date;
      done: number;
    }>(
      this.k,
      `with r as (select * from certificate_otps where id = ? for update),
       u as (
         update certificate_otps o set redeemed_at = ?::timestamptz, redeem_key = ?
           from r
          where o.id = r.id and r.certificate_id = ? and r.level = ? and r.user_id = ? and r.verified_at is not null
            and r.redeemed_at is null and r.content_hash = ? and r.expires_at > ?::timestamptz
         returning o.id
       )
       select r.certificate_id, r.level, r.user_id, r.verified_at, r.redeemed_at, r.redeem_key, r.content_hash, r.expires_at,
              (select count(*) from u)::int as done
         from r`,
      [otpId, now.toISOString(), redeemKey, b.certificateId, b.level, b.userId, b.contentHash, new Date(now.getTime() - REDEEM_GRACE_MS).toISOString()],
    );
    const row = r.rows[0];
    if (row && Number(row.done) === 1) return;
    const bound = row && row.certificate_id === b.certificateId && Number(row.level) === b.level && row.user_id === b.userId;
    if (!bound || !row.verified_at) throw new AppError('OTP_INVALID');
    if (row.redeemed_at) {
      if (row.redeem_key === redeemKey) return;
      throw new AppError('OTP_INVALID');
    }
    if (row.content_hash !== b.contentHash) throw new AppError('CONTENT_CHANGED');
    throw new AppError('OTP_EXPIRED');
  }

  async issuePasskeyChallenge(b: OtpBinding, statement: string, challenge: string): Promise<{ challengeId: string; expiresAt: string }> {
    const now = this.now();
    const [{ n }] = await this.k('certificate_otps')
      .where({ certificate_id: b.certificateId, level: b.level, user_id: b.userId, ...PASSKEY })
      .where('created_at', '>', new Date(now.getTime() - OTP_REQUEST_WINDOW_MS).toISOString())
      .count({ n: '*' });
    if (Number(n) >= PASSKEY_CHALLENGES_PER_WINDOW) {
      throw new AppError('OTP_REQUESTS_THROTTLED', { retryAfterSeconds: Math.ceil(OTP_REQUEST_WINDOW_MS / 1000) });
    }
    const challengeId = randomUUID();
    const expiresAt = new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS).toISOString();
    await this.k('certificate_otps').insert({
      id: challengeId,
      ...PASSKEY,
      certificate_id: b.certificateId,
      level: b.level,
      user_id: b.userId,
      content_hash: b.contentHash,
      salt: '',
      code_hash: '',
      challenge,
      statement,
      expires_at: expiresAt,
      created_at: now.toISOString(),
    });
    return { challengeId, expiresAt };
  }

  private passkeyRow(k: Knex, challengeId: string, b: Omit<OtpBinding, 'contentHash'>) {
    return k('certificate_otps')
      .where({ id: challengeId, certificate_id: b.certificateId, level: b.level, user_id: b.userId, ...PASSKEY })
      .whereNull('verified_at')
      .where('expires_at', '>', this.now().toISOString());
  }

  async passkeyChallenge(challengeId: string, b: Omit<OtpBinding, 'contentHash'>): Promise<{ challenge: string; statement: string; contentHash: string }> {
    const row = await this.passkeyRow(this.k, challengeId, b).first('challenge', 'statement', 'content_hash');
    if (!row) throw new AppError('PASSKEY_CHALLENGE_INVALID');
    return { challenge: row.challenge, statement: row.statement, contentHash: row.content_hash };
  }

  async markPasskeyVerified(challengeId: string, b: Omit<OtpBinding, 'contentHash'>): Promise<{ otpId: string }> {
    const marked = await this.passkeyRow(this.k, challengeId, b).update({ verified_at: this.now().toISOString() }).returning('id');
    if (marked.length !== 1) throw new AppError('PASSKEY_CHALLENGE_INVALID');
    return { otpId: challengeId };
  }
}
