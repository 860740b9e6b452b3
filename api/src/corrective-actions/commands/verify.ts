/** Verify: someone other than the owner, who may verify, accepts the submitted fix; the action closes. */
import type { CorrectiveActionState } from '@grain/domain';
import { verifyActionUpdate } from '@grain/workflows';
import { loadAction, mustHold } from '../support/access';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export interface VerifyActionOptions {
  caller: ActionCaller;
  actionId: string;
}

export async function verifyAction({ caller, actionId }: VerifyActionOptions, deps: ActionCommandDeps): Promise<CorrectiveActionState> {
  mustHold(caller, 'verifyCorrectiveAction');
  const s = await loadAction(deps.stores, caller, actionId);
  return deps.workflows.update(s, verifyActionUpdate, { actor: caller.person });
}
