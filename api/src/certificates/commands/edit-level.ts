/**
 * Edit one level's set-up: of a draft in the read model, of a rejected certificate through the workflow
 * (a content change), and in flight its due time and signers only (an adjustment: no rejection, nothing
 * voided).
 */
import { AppError, assertOwnerOrAdmin, dueTime, refId, transition, type CertificateState, type LevelUpdateInput } from '@grain/domain';
import { adjustLevelUpdate, editUpdate } from '@grain/workflows';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { certificateIdOfLevel, loadCertificate } from '../support/load-certificate';
import { resolveSigners } from '../support/resolve-input';
import { changeCertificate } from '../support/change';

export interface EditLevelOptions {
  caller: Caller;
  levelId: string;
  input: LevelUpdateInput;
}

export async function editLevel({ caller, levelId, input }: EditLevelOptions, deps: CertificateCommandDeps): Promise<CertificateState> {
  const s = await loadCertificate(deps.stores, caller, certificateIdOfLevel(levelId));
  const idx = s.levels.findIndex((l) => l.id === levelId);
  if (idx < 0) throw new AppError('NOT_FOUND');
  const deadline = input.deadline ?? input.dealine;
  if (s.status === 'signing' || s.status === 'pending') return adjustInFlight(s, idx, deadline, { caller, levelId, input }, deps);
  assertOwnerOrAdmin(s, caller.actor);
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
  if (s.status === 'rejected') return changeCertificate(deps, s, editUpdate, { actor: caller.actor, changes: { levels } });
  throw new AppError(s.status === 'done' ? 'CERTIFICATE_DONE' : 'CERTIFICATE_NOT_EDITABLE');
}

/** In flight only the due time and the signers may change; the group and the required count are content. */
async function adjustInFlight(
  s: CertificateState,
  idx: number,
  deadline: string | undefined,
  { caller, input }: EditLevelOptions,
  deps: CertificateCommandDeps,
): Promise<CertificateState> {
  const l = s.levels[idx];
  if ((input.group && input.group !== l.group) || (input.signatures && input.signatures !== l.signatures)) throw new AppError('CERTIFICATE_NOT_EDITABLE');
  return changeCertificate(deps, s, adjustLevelUpdate, {
    actor: caller.actor,
    level: l.level,
    ...(deadline ? { deadline: dueTime(deadline) } : {}),
    // a signer added in flight must be one who may sign
    ...(input.signers
      ? { signers: await resolveSigners(deps.stores, s.companyId, input.signers.map(refId), (id) => !l.signers.some((x) => x.id === id)) }
      : {}),
  });
}
