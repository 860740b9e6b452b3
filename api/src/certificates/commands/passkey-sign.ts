/**
 * The passkey half of a sign: the assertion must answer a challenge issued to this signer for this
 * certificate and level (unused, unexpired), over the content hash the certificate still has, made by
 * one of the signer's own passkeys with the user verified. Then the challenge is spent (once only) and
 * its id goes to the sign Update, whose commit redeems it exactly as it redeems a code. The recorded
 * value is the assertion itself: a signature over the statement, checkable later with the passkey's key.
 */
import { AppError, passkeySignatureValue, type CertificateLevel, type CertificateState, type PasskeyAssertionInput } from '@grain/domain';
import { toBase64, verifySigningAssertion, type RelyingParty } from '../../passkeys/webauthn';
import type { CertificateCommandDeps } from './command-deps';

export async function verifyPasskeySign(
  s: CertificateState,
  level: CertificateLevel,
  userId: string,
  input: PasskeyAssertionInput,
  deps: CertificateCommandDeps & { relyingParty: RelyingParty },
): Promise<{ otpId: string; signatureValue: string }> {
  const { otps, passkeys } = deps.stores;
  const binding = { certificateId: s.id, level: level.level, userId };
  const challenge = await otps.passkeyChallenge(input.challengeId, binding);
  if (challenge.contentHash !== s.contentHash) throw new AppError('CONTENT_CHANGED_SINCE_SHOWN');
  const key = await passkeys.byCredentialId(input.response.id);
  if (!key) throw new AppError('PASSKEY_ASSERTION_INVALID');
  if (key.userId !== userId) throw new AppError('PASSKEY_NOT_YOURS');
  const counter = await verifySigningAssertion(deps.relyingParty, challenge.challenge, input.response, key);
  const { otpId } = await otps.markPasskeyVerified(input.challengeId, binding);
  await passkeys.used(key.id, counter);
  const r = input.response.response;
  const signatureValue = passkeySignatureValue({
    keyId: key.id,
    statement: challenge.statement,
    authenticatorData: toBase64(r.authenticatorData),
    clientDataJSON: toBase64(r.clientDataJSON),
    signature: toBase64(r.signature),
  });
  return { otpId, signatureValue };
}
