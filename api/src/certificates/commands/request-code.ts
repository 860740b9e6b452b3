/**
 * Ask for a one-time signing code: mailed to the caller, a signer of the current level who may sign
 * now (the machine's own checks, on the certificate as the read model shows it). No workflow step: the
 * code is bound to the level, signer and content, and the workflow checks that binding again when the
 * code is spent, so a code asked for on a page that is out of date signs nothing. Fresh codes are
 * throttled per signer and level, or each would bring another round of guesses: `otps.issue` refuses
 * past the window's count in the same statement that stores the code.
 */
import { assertAccepted, certificateMailContext } from '@grain/domain';
import { mailSigningCode, type SigningCodeSent } from '@grain/adapters';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { certificateIdOfLevel, currentLevelNamed, loadCertificate } from '../support/load-certificate';

export interface RequestCodeOptions {
  caller: Caller;
  /** The current level's id (a stale page naming another level gets INVALID_LEVEL). */
  levelId: string;
}

export async function requestCode({ caller, levelId }: RequestCodeOptions, deps: CertificateCommandDeps): Promise<SigningCodeSent> {
  const s = await loadCertificate(deps.stores, caller, certificateIdOfLevel(levelId));
  const level = currentLevelNamed(s, levelId);
  assertAccepted(s, { type: 'sign', actor: caller.actor, at: new Date().toISOString() });
  const binding = { certificateId: s.id, level: level.level, userId: caller.actor.id, contentHash: s.contentHash };
  const signer = level.signers.find((x) => x.id === caller.actor.id)!;
  return mailSigningCode(
    { otps: deps.stores.otps, mail: deps.signingCodeMail.mail, publicUrl: deps.signingCodeMail.publicUrl },
    { binding, user: { id: signer.id, name: signer.name, email: signer.email }, ctx: certificateMailContext(s, level.level) },
  );
}
