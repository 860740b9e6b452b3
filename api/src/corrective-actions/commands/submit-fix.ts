/**
 * Submit a fix: the owner's note and the files of evidence they uploaded for it (by id, each bound by its
 * SHA-256). The workflow's validator judges owner and state; the read model binds the evidence to the
 * fix's round when it records the new state, after which it is immutable.
 */
import { AppError, type CorrectiveActionState, type EvidenceRef } from '@grain/domain';
import { submitFixUpdate } from '@grain/workflows';
import { loadAction, mustHold } from '../support/access';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export interface SubmitFixOptions {
  caller: ActionCaller;
  actionId: string;
  note: string;
  evidenceIds: string[];
}

export async function submitFix({ caller, actionId, note, evidenceIds }: SubmitFixOptions, deps: ActionCommandDeps): Promise<CorrectiveActionState> {
  mustHold(caller, 'ownCorrectiveAction');
  const s = await loadAction(deps.stores, caller, actionId);
  const ids = [...new Set(evidenceIds)];
  const rows = await deps.stores.correctiveActions.unboundEvidence(caller.companyId, s.id, ids);
  if (rows.length !== ids.length) throw new AppError('ACTION_EVIDENCE_UNKNOWN');
  const evidence: EvidenceRef[] = ids
    .map((id) => rows.find((r) => r.id === id)!)
    .map((r) => ({ id: r.id, fileName: r.fileName, mime: r.mime, size: r.size, sha256: r.sha256 }));
  return deps.workflows.update(s, submitFixUpdate, { actor: caller.person, note, evidence });
}
