/**
 * Sign the current level with a one-time code. A signer with a digital signature also signs the content
 * hash with it (the password unlocks the key), and the value is verified before it is recorded: against
 * the key's certificate, which must come from the certificate's company CA and name the signer. The
 * workflow's validator makes the final decision.
 *
 * With a passkey (`passkey` in place of `otp`) the assertion is checked instead (passkey-sign.ts) and is
 * itself the entry's signature: no code, and no signature password (docs/spec-deviations.md).
 */
import { AppError, type PasskeyAssertionInput } from '@grain/domain';
import { signUpdate } from '@grain/workflows';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { currentLevelNamed, loadCertificateFor } from '../support/load-certificate';
import { verifyPasskeySign } from '../support/passkey-sign';
import { changeCertificateFor, type ChangedForViewer } from '../support/change';

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

/** The signed certificate, with the facts its answer shows the signer when read with it (support/change.ts). */
export async function signCertificate(o: SignOptions, deps: CertificateCommandDeps): Promise<ChangedForViewer> {
  const { stores } = deps;
  // whether the signer has a personal signature comes with the certificate (one statement)
  const { state: s, facts } = await loadCertificateFor(stores, o.caller, o.certificateId);
  const actor = o.caller.actor;
  const level = currentLevelNamed(s, o.levelId);
  if (o.passkey) {
    const { otpId, signatureValue } = await verifyPasskeySign(s, level, actor.id, o.passkey, deps);
    return changeCertificateFor(deps, actor.id, s, signUpdate, { actor, otpId, note: o.note, signatureValue });
  }
  const { otpId } = await stores.otps.verify({ certificateId: s.id, level: level.level, userId: actor.id }, o.otp ?? '');
  let signatureValue: string | undefined;
  if (facts.hasSignature) {
    if (!o.signaturePassword) throw new AppError('SIGNATURE_PASSWORD_WRONG');
    const data = Buffer.from(s.contentHash, 'utf8');
    const sig = await stores.signatures.sign(actor.id, o.signaturePassword, data);
    const check = await stores.signatures.verify({ data, signature: sig.signature, certificatePem: sig.certificatePem });
    if (!check.valid || check.userId !== actor.id || check.companyId !== s.companyId) throw new AppError('SIGNATURE_INVALID');
    signatureValue = `${sig.guid}:${sig.signature}`;
  }
  return changeCertificateFor(deps, actor.id, s, signUpdate, { actor, otpId, note: o.note, signatureValue });
}
