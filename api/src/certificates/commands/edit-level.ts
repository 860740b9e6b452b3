/** Edit one level's set-up: of a draft in the read model, of a rejected certificate through the workflow. */
import { AppError, assertOwnerOrAdmin, dueTime, refId, transition, type CertificateState, type LevelUpdateInput } from '@grain/domain';
import { editUpdate } from '@grain/workflows';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { certificateIdOfLevel, loadCertificate } from './load-certificate';
import { resolveSigners } from './resolve-input';

export interface EditLevelOptions {
  caller: Caller;
  levelId: string;
  input: LevelUpdateInput;
}

export async function editLevel({ caller, levelId, input }: EditLevelOptions, deps: CertificateCommandDeps): Promise<CertificateState> {
  const s = await loadCertificate(deps.stores, caller, certificateIdOfLevel(levelId));
  assertOwnerOrAdmin(s, caller.actor);
  const idx = s.levels.findIndex((l) => l.id === levelId);
  if (idx < 0) throw new AppError('NOT_FOUND');
  const deadline = input.deadline ?? input.dealine;
  const levels = await Promise.all(
    s.levels.map(async (l, i) => ({
      group: i === idx && input.group ? input.group : l.group,
      signers: i === idx && input.signers ? await resolveSigners(deps.stores, s.companyId, input.signers.map(refId)) : l.signers,
      signatures: i === idx && input.signatures ? input.signatures : l.signatures,
      deadline: i === idx && deadline ? dueTime(deadline) : l.deadline,
    })),
  );
  if (s.status === 'created') {
    const next = transition(s, { type: 'editDraft', actor: caller.actor, at: new Date().toISOString(), changes: { levels } }).state;
    await deps.stores.certificates.updateDraft(next);
    return next;
  }
  if (s.status === 'rejected') return deps.workflows.update(s.id, editUpdate, { actor: caller.actor, changes: { levels } });
  throw new AppError(s.status === 'done' ? 'CERTIFICATE_DONE' : 'CERTIFICATE_NOT_EDITABLE');
}
