import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { AppError, OTP_DEFAULT_TTL_MS, OTP_DIGITS, OTP_MAX_ATTEMPTS, OTP_MAX_TTL_MS, type OtpBinding } from '@grain/domain';
import { sha256hex } from '../digest';
import { inTransaction } from '../in-transaction';

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
 *   issue   (activity, from the workflow's requestOtp Update) - supersedes older codes of the binding;
 *   verify  (API, with the typed code)  - 5 attempts per code, single use; returns an otpId;
 *   redeem  (activity, from the sign Update, with the otpId) - checks binding + content, once.
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
const PASSKEY = { kind: 'passkey' } as const;

export class KnexOtpStore implements OtpStore {
  constructor(
    private readonly k: Knex,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async issue(b: OtpBinding, ttlMs = OTP_DEFAULT_TTL_MS): Promise<{ otpId: string; code: string; expiresAt: string }> {
    const ttl = Math.min(Math.max(ttlMs, 1000), OTP_MAX_TTL_MS);
    const code = String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, '0');
    const otpId = randomUUID();
    const salt = randomBytes(16).toString('hex');
    const now = this.now();
    const expiresAt = new Date(now.getTime() + ttl).toISOString();
    await this.k.transaction(async (trx) => {
      await trx('certificate_otps')
        .where({ certificate_id: b.certificateId, level: b.level, user_id: b.userId, ...CODE })
        .whereNull('superseded_at')
        .whereNull('verified_at')
        .update({ superseded_at: now.toISOString() });
      await trx('certificate_otps').insert({
        id: otpId,
        certificate_id: b.certificateId,
        level: b.level,
        user_id: b.userId,
        content_hash: b.contentHash,
        salt,
        code_hash: hashCode(salt, otpId, code),
        expires_at: expiresAt,
        created_at: now.toISOString(),
      });
    });
    return { otpId, code, expiresAt };
  }

  /**
   * Refuses a fresh code while the signer already had OTP_REQUESTS_PER_WINDOW codes for this level within
   * the window (counted over issued codes, so a refused or failed request costs nothing). The refusal
   * says when the oldest of those leaves the window.
   */
  async assertMayRequest(b: Omit<OtpBinding, 'contentHash'>): Promise<void> {
    const now = this.now().getTime();
    const recent: Array<string | Date> = await this.k('certificate_otps')
      .where({ certificate_id: b.certificateId, level: b.level, user_id: b.userId, ...CODE })
      .where('created_at', '>', new Date(now - OTP_REQUEST_WINDOW_MS).toISOString())
      .orderBy('created_at', 'desc')
      .limit(OTP_REQUESTS_PER_WINDOW)
      .pluck('created_at');
    if (recent.length < OTP_REQUESTS_PER_WINDOW) return;
    const retryAt = new Date(new Date(recent[recent.length - 1]).getTime() + OTP_REQUEST_WINDOW_MS);
    throw new AppError('OTP_REQUESTS_THROTTLED', {
      retryAt: retryAt.toISOString(),
      retryAfterSeconds: Math.max(1, Math.ceil((retryAt.getTime() - now) / 1000)),
    });
  }

  /**
   * Checks a typed code against the signer's newest code for this level. Refusals: OTP_INVALID (wrong
   * or already used), OTP_EXPIRED, OTP_LOCKED (5 wrong attempts; a new code is needed).
   */
  async verify(b: Omit<OtpBinding, 'contentHash'>, code: string): Promise<{ otpId: string }> {
    const typed = String(code ?? '').trim();
    if (!typed) throw new AppError('OTP_REQUIRED');
    // A missing, expired or locked code is refused after one plain read: a brute force against a
    // locked code then costs no locking transaction per guess. Attempts only grow and a code never
    // un-expires, so the transaction below still decides every other case.
    const newest = await this.k('certificate_otps')
      .where({ certificate_id: b.certificateId, level: b.level, user_id: b.userId, ...CODE })
      .whereNull('superseded_at')
      .whereNull('verified_at')
      .orderBy('created_at', 'desc')
      .first('attempts', 'expires_at');
    if (!newest) throw new AppError('OTP_INVALID');
    if (new Date(newest.expires_at).getTime() <= this.now().getTime()) throw new AppError('OTP_EXPIRED');
    if (newest.attempts >= OTP_MAX_ATTEMPTS) throw new AppError('OTP_LOCKED');
    // The transaction returns the outcome instead of throwing, so a wrong attempt's count is committed.
    const outcome = await this.k.transaction(async (trx): Promise<{ otpId: string } | { refuse: AppError }> => {
      const row = await trx('certificate_otps')
        .where({ certificate_id: b.certificateId, level: b.level, user_id: b.userId, ...CODE })
        .whereNull('superseded_at')
        .whereNull('verified_at')
        .orderBy('created_at', 'desc')
        .forUpdate()
        .first();
      if (!row) return { refuse: new AppError('OTP_INVALID') };
      if (new Date(row.expires_at).getTime() <= this.now().getTime()) return { refuse: new AppError('OTP_EXPIRED') };
      if (row.attempts >= OTP_MAX_ATTEMPTS) return { refuse: new AppError('OTP_LOCKED') };
      const want = Buffer.from(row.code_hash, 'hex');
      const got = Buffer.from(hashCode(row.salt, row.id, typed), 'hex');
      if (!/^\d+$/.test(typed) || !timingSafeEqual(want, got)) {
        const attempts = row.attempts + 1;
        await trx('certificate_otps').where({ id: row.id }).update({ attempts });
        return { refuse: new AppError(attempts >= OTP_MAX_ATTEMPTS ? 'OTP_LOCKED' : 'OTP_INVALID', { attemptsLeft: OTP_MAX_ATTEMPTS - attempts }) };
      }
      await trx('certificate_otps').where({ id: row.id }).update({ verified_at: this.now().toISOString() });
      return { otpId: row.id as string };
    });
    if ('refuse' in outcome) throw outcome.refuse;
    return outcome;
  }

  /**
   * Consumes a verified code for a sign. `redeemKey` makes a retried redeem of the same sign succeed
   * again; any other second use fails. CONTENT_CHANGED when the certificate was edited after issue.
   */
  async redeem(otpId: string, b: OtpBinding, redeemKey: string): Promise<void> {
    await inTransaction(this.k, async (trx) => {
      const row = await trx('certificate_otps').where({ id: otpId }).forUpdate().first();
      const bound = row && row.certificate_id === b.certificateId && Number(row.level) === b.level && row.user_id === b.userId;
      if (!bound || !row.verified_at) throw new AppError('OTP_INVALID');
      if (row.redeemed_at) {
        if (row.redeem_key === redeemKey) return;
        throw new AppError('OTP_INVALID');
      }
      if (row.content_hash !== b.contentHash) throw new AppError('CONTENT_CHANGED');
      if (new Date(row.expires_at).getTime() + REDEEM_GRACE_MS <= this.now().getTime()) throw new AppError('OTP_EXPIRED');
      await trx('certificate_otps').where({ id: otpId }).update({ redeemed_at: this.now().toISOString(), redeem_key: redeemKey });
    });
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
