/** Remind the pending signers of the current level, or escalate it to the managers, by hand (rate-limited by the machine). */
import { assertAccepted, type CertificateState, type NudgeTarget } from '@grain/domain';
import { remindUpdate } from '@grain/workflows';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { loadCertificate } from '../support/load-certificate';
import { changeCertificate } from '../support/change';

export interface RemindOptions {
  caller: Caller;
  certificateId: string;
  to: NudgeTarget;
}

export async function remindCertificate({ caller, certificateId, to }: RemindOptions, deps: CertificateCommandDeps): Promise<CertificateState> {
  const s = await loadCertificate(deps.stores, caller, certificateId);
  // the machine's own checks on what the caller sees (a draft has no workflow to ask); its validator decides last
  assertAccepted(s, { type: 'remind', actor: caller.actor, to, at: new Date().toISOString() });
  return changeCertificate(deps, s, remindUpdate, { actor: caller.actor, to });
}
