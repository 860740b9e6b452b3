/**
 * Ask for a one-time signing code: the workflow mails it to the caller, a signer of the current level.
 * Fresh codes are throttled per signer and level, or each would bring another round of guesses.
 */
import { requestOtpUpdate } from '@grain/workflows';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { certificateIdOfLevel, currentLevelNamed, loadCertificate } from '../support/load-certificate';

export interface RequestCodeOptions {
  caller: Caller;
  /** The current level's id (a stale page naming another level gets INVALID_LEVEL). */
  levelId: string;
}

export async function requestCode({ caller, levelId }: RequestCodeOptions, deps: CertificateCommandDeps) {
  const s = await loadCertificate(deps.stores, caller, certificateIdOfLevel(levelId));
  const level = currentLevelNamed(s, levelId);
  await deps.stores.otps.assertMayRequest({ certificateId: s.id, level: level.level, userId: caller.actor.id });
  return deps.workflows.update(s, requestOtpUpdate, { actor: caller.actor });
}
