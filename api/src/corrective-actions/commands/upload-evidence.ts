/**
 * Stores one file of evidence for the owner's next fix: checked (a PDF or a photo whose bytes match its
 * name), hashed (SHA-256) and kept in the file storage; it is bound to the fix, and can no longer be
 * changed or removed, when the fix is submitted. Only the owner, while the action waits on them.
 */
import { randomUUID } from 'node:crypto';
import { AppError, isOwnerWork, type EvidenceView } from '@grain/domain';
import { sha256OfFile } from '../../http/file-checks';
import { checkEvidenceFile } from '../support/evidence-file';
import { loadAction, mustHold } from '../support/access';
import { evidenceViewOf } from '../support/evidence-view';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export interface UploadEvidenceOptions {
  caller: ActionCaller;
  actionId: string;
  file: { path: string; originalName: string; size: number } | undefined;
}

export async function uploadEvidence({ caller, actionId, file }: UploadEvidenceOptions, deps: ActionCommandDeps): Promise<EvidenceView> {
  mustHold(caller, 'ownCorrectiveAction');
  const s = await loadAction(deps.stores, caller, actionId);
  if (s.owner.id !== caller.access.id) throw new AppError('ACTION_NOT_OWNER');
  if (!isOwnerWork(s)) throw new AppError(s.status === 'verified' ? 'ACTION_CLOSED' : 'ACTION_WRONG_STATE');
  if (!file) throw new AppError('ACTION_EVIDENCE_REQUIRED');
  const checked = await checkEvidenceFile(file.originalName, file.path);
  const sha256 = await sha256OfFile(file.path);
  const storageKey = await deps.storage.putFile(file.path, { ext: checked.ext, prefix: 'evidence' });
  const row = await deps.stores.correctiveActions.addEvidence({
    id: randomUUID(),
    actionId: s.id,
    companyId: caller.companyId,
    fileName: checked.name,
    mime: checked.mime,
    size: file.size,
    sha256,
    storageKey,
    uploadedBy: caller.access.id,
  });
  return evidenceViewOf(row);
}
