/** Delegate: a signer of the current level adds people of the company who sign on their behalf. */
import type { CertificateState } from '@grain/domain';
import { delegateUpdate } from '@grain/workflows';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { loadCertificate } from '../support/load-certificate';
import { resolveSigners } from '../support/resolve-input';
import { changeCertificate } from '../support/change';

export interface DelegateOptions {
  caller: Caller;
  certificateId: string;
  /** User ids of the delegates. */
  to: string[];
  note?: string;
}

export async function delegateCertificate({ caller, certificateId, to, note }: DelegateOptions, deps: CertificateCommandDeps): Promise<CertificateState> {
  const s = await loadCertificate(deps.stores, caller, certificateId);
  const delegates = await resolveSigners(deps.stores, caller.companyId, to, () => true);
  return changeCertificate(deps, s, delegateUpdate, { actor: caller.actor, to: delegates, note });
}
