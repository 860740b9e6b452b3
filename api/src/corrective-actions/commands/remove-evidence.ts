/** Removes a file of evidence the owner uploaded but has not submitted; submitted evidence stays (ACTION_EVIDENCE_LOCKED). */
import { AppError } from '@grain/domain';
import { loadAction, mustHold } from '../support/access';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export interface RemoveEvidenceOptions {
  caller: ActionCaller;
  actionId: string;
  evidenceId: string;
}

export async function removeEvidence({ caller, actionId, evidenceId }: RemoveEvidenceOptions, deps: ActionCommandDeps): Promise<{ removed: true }> {
  mustHold(caller, 'ownCorrectiveAction');
  const s = await loadAction(deps.stores, caller, actionId);
  if (s.owner.id !== caller.access.id) throw new AppError('ACTION_NOT_OWNER');
  const e = await deps.stores.correctiveActions.evidence(caller.companyId, s.id, evidenceId);
  if (!e) throw new AppError('NOT_FOUND');
  const r = await deps.stores.correctiveActions.removeUnboundEvidence(caller.companyId, s.id, evidenceId);
  if (!r.removed) throw new AppError('ACTION_EVIDENCE_LOCKED');
  await deps.storage.remove(r.storageKey!).catch(() => undefined); // the row is gone; a leftover file is unreachable
  return { removed: true };
}
