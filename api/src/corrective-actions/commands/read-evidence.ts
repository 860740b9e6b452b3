/** A file of evidence of an action the caller may see, with its recorded hash (the answer carries it). */
import { AppError } from '@grain/domain';
import type { EvidenceRow } from '@grain/persistence';
import { loadAction } from '../support/access';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export interface ReadEvidenceOptions {
  caller: ActionCaller;
  actionId: string;
  evidenceId: string;
}

export async function readEvidence(
  { caller, actionId, evidenceId }: ReadEvidenceOptions,
  deps: ActionCommandDeps,
): Promise<{ row: EvidenceRow; data: Buffer }> {
  const s = await loadAction(deps.stores, caller, actionId);
  const row = await deps.stores.correctiveActions.evidence(caller.companyId, s.id, evidenceId);
  if (!row) throw new AppError('NOT_FOUND');
  return { row, data: await deps.storage.get(row.storageKey) };
}
