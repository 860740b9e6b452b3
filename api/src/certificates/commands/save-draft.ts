/**
 * Save (and, with status signing, submit) a draft: a new one, or the changes to one still in status
 * created. Drafts live only in the read model until submitted.
 */
import { randomUUID } from 'node:crypto';
import { assertFarmRecordFree, createCertificate, transition, type CertificateInput, type CertificateState } from '@grain/domain';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { draftChanged } from '../support/draft-changed';
import { resolvedParts } from '../support/resolve-input';
import { assertSubmittable, startSubmitted } from '../support/submission';

export interface SaveDraftOptions {
  caller: Caller;
  input: CertificateInput;
  /** The draft to change; without it a new draft is made. */
  draft?: CertificateState;
}

export async function saveDraft({ caller, input, draft }: SaveDraftOptions, deps: CertificateCommandDeps): Promise<CertificateState> {
  const parts = await resolvedParts(deps.stores, caller.companyId, input);
  const fields = { approvalNumber: input.approvalNumber, approvalName: input.approvalName, priority: input.priority, ...parts };
  const next = draft
    ? transition(draft, { type: 'editDraft', actor: caller.actor, at: new Date().toISOString(), changes: { ...fields, summary: input.summary ?? '' } }).state
    : createCertificate({
        ...fields,
        id: randomUUID(),
        summary: input.summary,
        companyId: caller.companyId,
        submitter: { id: caller.actor.id, name: caller.actor.name, email: caller.email },
      });
  const submitting = input.status === 'signing';
  // one lot, one certificate: a record another certificate holds is refused on save as on submit
  if (next.approvalDoc) assertFarmRecordFree(await deps.stores.certificates.farmRecordUses(caller.companyId, next.approvalDoc.id), next.id);
  if (submitting) await assertSubmittable(deps.stores, caller, next);
  if (draft) await deps.stores.certificates.updateDraft(next);
  else await deps.stores.certificates.saveDraft(next);
  if (!submitting) {
    await draftChanged(deps.stores, next);
    return next;
  }
  return startSubmitted(deps, caller, next);
}
