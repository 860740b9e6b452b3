/** Reopen: someone other than the owner, who may verify, sends the fix back with a reason. */
import type { CorrectiveActionState } from '@grain/domain';
import { reopenActionUpdate } from '@grain/workflows';
import { loadAction, mustHold } from '../support/access';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export interface ReopenActionOptions {
  caller: ActionCaller;
  actionId: string;
  reason: string;
}

export async function reopenAction({ caller, actionId, reason }: ReopenActionOptions, deps: ActionCommandDeps): Promise<CorrectiveActionState> {
  mustHold(caller, 'verifyCorrectiveAction');
  const s = await loadAction(deps.stores, caller, actionId);
  return deps.workflows.update(s, reopenActionUpdate, { actor: caller.person, reason });
}
