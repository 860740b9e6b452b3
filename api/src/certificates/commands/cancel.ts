/** Withdraw a certificate: a draft is deleted, a submitted one cancelled through the workflow. */
import { AppError, assertMayCancel, mayWithdraw } from '@grain/domain';
import { cancelUpdate } from '@grain/workflows';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { draftChanged } from '../support/draft-changed';
import { loadCertificate } from '../support/load-certificate';

export interface CancelOptions {
  caller: Caller;
  certificateId: string;
  reason?: string;
}

export async function cancelCertificate({ caller, certificateId, reason }: CancelOptions, deps: CertificateCommandDeps): Promise<void> {
  const s = await loadCertificate(deps.stores, caller, certificateId);
  if (!mayWithdraw(caller.access)) throw new AppError('ACCESS_DENIED');
  assertMayCancel(s, caller.actor);
  if (s.status !== 'created') {
    await deps.workflows.update(s, cancelUpdate, { actor: caller.actor, reason });
    return;
  }
  await deps.stores.certificates.deleteDraft(s.companyId, s.id);
  if (await deps.stores.certificates.get(s.companyId, s.id)) throw new AppError('CONFLICT');
  await draftChanged(deps.stores, s, 'deleted');
}
