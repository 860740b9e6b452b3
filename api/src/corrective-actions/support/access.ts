import { AppError, can, type CorrectiveActionState, type Permission } from '@grain/domain';
import type { Stores } from '@grain/persistence';
import type { ActionCaller } from '../commands/command-deps';

/** The caller must hold the permission (ACCESS_DENIED, 403). */
export function mustHold(caller: ActionCaller, p: Permission): void {
  if (!can(caller.access, p)) throw new AppError('ACCESS_DENIED');
}

/**
 * An action of the caller's company that the caller may see: with viewCorrectiveAction, or as its owner.
 * Another company's action, and one the caller may not see, answer NOT_FOUND ("a stranger must not learn
 * that it exists").
 */
export async function loadAction(stores: Stores, caller: ActionCaller, id: string): Promise<CorrectiveActionState> {
  const s = await stores.correctiveActions.byId(caller.companyId, id);
  if (!s || s.companyId !== caller.companyId) throw new AppError('NOT_FOUND');
  if (!can(caller.access, 'viewCorrectiveAction') && s.owner.id !== caller.access.id) throw new AppError('NOT_FOUND');
  return s;
}
