/** "Waiting for me": the actions the caller owns and must work on, and the fixes they may judge (not their own). */
import { can, type CorrectiveActionState } from '@grain/domain';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export async function listWaiting(
  { caller }: { caller: ActionCaller },
  deps: ActionCommandDeps,
): Promise<{ toFix: CorrectiveActionState[]; toVerify: CorrectiveActionState[] }> {
  const r = await deps.stores.correctiveActions.waitingFor(caller.companyId, caller.access.id, can(caller.access, 'verifyCorrectiveAction'));
  return { toFix: can(caller.access, 'ownCorrectiveAction') ? r.toFix : [], toVerify: r.toVerify };
}
