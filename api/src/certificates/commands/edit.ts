/**
 * Edit a certificate: a draft changes in the read model (saveDraft); a rejected one through the
 * workflow, as an edit or, with status signing, an edit and resubmit. Nothing else is editable.
 */
import { AppError, assertOwnerOrAdmin, type CertificateInput, type CertificateState } from '@grain/domain';
import { editUpdate, resubmitUpdate } from '@grain/workflows';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { loadCertificate } from '../support/load-certificate';
import { resolvedParts } from '../support/resolve-input';
import { saveDraft } from './save-draft';
import { assertSubmittable } from '../support/submission';
import { changeCertificate } from '../support/change';

export interface EditOptions {
  caller: Caller;
  certificateId: string;
  input: CertificateInput;
}

export async function editCertificate({ caller, certificateId, input }: EditOptions, deps: CertificateCommandDeps): Promise<CertificateState> {
  const current = await loadCertificate(deps.stores, caller, certificateId);
  assertOwnerOrAdmin(current, caller.actor);
  if (current.status === 'created') return saveDraft({ caller, input, draft: current }, deps);
  // Resolved before the status is judged, so a bad reference answers INVALID_INPUT whatever the status.
  const parts = await resolvedParts(deps.stores, caller.companyId, input);
  if (current.status !== 'rejected') throw new AppError(current.status === 'done' ? 'CERTIFICATE_DONE' : 'CERTIFICATE_NOT_EDITABLE');
  const changes = {
    approvalName: input.approvalName,
    priority: input.priority,
    summary: input.summary,
    approvalDoc: parts.approvalDoc,
    supportDocs: parts.supportDocs,
    levels: parts.levels,
  };
  if (input.status !== 'signing') return changeCertificate(deps, current, editUpdate, { actor: caller.actor, changes });
  await assertSubmittable(deps.stores, caller, current, changes);
  return changeCertificate(deps, current, resubmitUpdate, { actor: caller.actor, changes });
}
