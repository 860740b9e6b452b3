/**
 * A passkey challenge for signing the current level: the statement names the certificate, its number,
 * the level, the content hash the signer was shown, the signer and a fresh nonce; its sha256 is the
 * WebAuthn challenge, so the assertion signs exactly that. Issued like a one-time code (OtpStore, kind
 * passkey) and bound to the same (certificate, level, user, content hash): the sign Update's commit
 * redeems it as it redeems a code.
 */
import { randomUUID } from 'node:crypto';
import { AppError, assertAccepted, passkeyStatement, type PasskeyChallengeAnswer } from '@grain/domain';
import { challengeOf, signingOptions, type RelyingParty } from '../../passkeys/webauthn';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { certificateIdOfLevel, currentLevelNamed, loadCertificate } from './load-certificate';

export interface PasskeyChallengeOptions {
  caller: Caller;
  /** The current level's id (a stale page naming another level gets INVALID_LEVEL). */
  levelId: string;
  /** The content hash the signer is shown: the challenge is refused when the certificate changed since. */
  contentHash: string;
}

export async function passkeyChallenge(
  { caller, levelId, contentHash }: PasskeyChallengeOptions,
  deps: CertificateCommandDeps & { relyingParty: RelyingParty },
): Promise<PasskeyChallengeAnswer> {
  const s = await loadCertificate(deps.stores, caller, certificateIdOfLevel(levelId));
  const level = currentLevelNamed(s, levelId);
  // the machine's own rule (the workflow's validator decides again on sign): a signer of this level who has not signed
  assertAccepted(s, { type: 'sign', actor: caller.actor, at: new Date().toISOString() });
  if (s.contentHash !== contentHash) throw new AppError('CONTENT_CHANGED_SINCE_SHOWN');
  const keys = await deps.stores.passkeys.ofUser(caller.actor.id);
  if (keys.length === 0) throw new AppError('PASSKEY_NOT_ENROLLED');
  const statement = passkeyStatement({
    certificateId: s.id,
    number: s.approvalNumber,
    level: level.level,
    contentHash: s.contentHash,
    userId: caller.actor.id,
    nonce: randomUUID(),
  });
  const challenge = challengeOf(statement);
  const binding = { certificateId: s.id, level: level.level, userId: caller.actor.id, contentHash: s.contentHash };
  const { challengeId, expiresAt } = await deps.stores.otps.issuePasskeyChallenge(binding, statement, challenge);
  return { challengeId, expiresAt, statement, options: await signingOptions(deps.relyingParty, challenge, keys) };
}
