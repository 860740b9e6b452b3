/**
 * Sign the current level with a one-time code. A signer with a digital signature also signs the content
 * hash with it (the password unlocks the key), and the value is verified before it is recorded: against
 * the key's certificate, which must come from the certificate's company CA and name the signer. The
 * workflow's validator makes the final decision.
 *
 * With a passkey (`passkey` in place of `otp`) the assertion is checked instead (passkey-sign.ts) and is
 * itself the entry's signature: no code, and no signature password (docs/spec-deviations.md).
 */
import { AppError, type CertificateState, type PasskeyAssertionInput } from '@grain/domain';
import { signUpdate } from '@grain/workflows';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { currentLevelNamed, loadCertificate } from './load-certificate';
import type { RelyingParty } from '../../passkeys/webauthn';
import { verifyPasskeySign } from './passkey-sign';

export interface SignOptions {
  caller: Caller;
  certificateId: string;
  /** The level the page shows; when given it must be the current one. */
  levelId?: string;
  otp?: string;
  /** In place of `otp`: a passkey's assertion over the challenge issued for this level. */
  passkey?: PasskeyAssertionInput;
  note?: string;
  signaturePassword?: string;
}

export async function signCertificate(o: SignOptions, deps: CertificateCommandDeps & { relyingParty?: RelyingParty }): Promise<CertificateState> {
  const { stores } = deps;
  const s = await loadCertificate(stores, o.caller, o.certificateId);
  const actor = o.caller.actor;
  const level = currentLevelNamed(s, o.levelId);
  if (o.passkey) {
    if (!deps.relyingParty) throw new AppError('PASSKEY_ASSERTION_INVALID');
    const { otpId, signatureValue } = await verifyPasskeySign(s, level, actor.id, o.passkey, { ...deps, relyingParty: deps.relyingParty });
    return deps.workflows.update(s, signUpdate, { actor, otpId, note: o.note, signatureValue });
  }
  const { otpId } = await stores.otps.verify({ certificateId: s.id, level: level.level, userId: actor.id }, o.otp ?? '');
  let signatureValue: string | undefined;
  if (await stores.signatures.ofUser(actor.id)) {
    if (!o.signaturePassword) throw new AppError('SIGNATURE_PASSWORD_WRONG');
    const data = Buffer.from(s.contentHash, 'utf8');
    const sig = await stores.signatures.sign(actor.id, o.signaturePassword, data);
    const check = await stores.signatures.verify({ data, signature: sig.signature, certificatePem: sig.certificatePem });
    if (!check.valid || check.userId !== actor.id || check.companyId !== s.companyId) throw new AppError('SIGNATURE_INVALID');
    signatureValue = `${sig.guid}:${sig.signature}`;
  }
  return deps.workflows.update(s, signUpdate, { actor, otpId, note: o.note, signatureValue });
}
