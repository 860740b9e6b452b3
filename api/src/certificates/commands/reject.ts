/** Reject: send the certificate back to the current or an earlier level, with a reason. */
import type { CertificateState } from '@grain/domain';
import { rejectUpdate } from '@grain/workflows';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { loadCertificate } from '../support/load-certificate';
import { changeCertificate } from '../support/change';

export interface RejectOptions {
  caller: Caller;
  certificateId: string;
  toLevel: number;
  reason: string;
}

export async function rejectCertificate({ caller, certificateId, toLevel, reason }: RejectOptions, deps: CertificateCommandDeps): Promise<CertificateState> {
  const s = await loadCertificate(deps.stores, caller, certificateId);
  return changeCertificate(deps, s, rejectUpdate, { actor: caller.actor, toLevel, reason });
}
