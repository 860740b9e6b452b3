/** Start: the owner takes the action up (open or reopened -> in progress); the machine refuses anyone else. */
import type { CorrectiveActionState } from '@grain/domain';
import { startActionUpdate } from '@grain/workflows';
import { loadAction, mustHold } from '../support/access';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export interface StartActionOptions {
  caller: ActionCaller;
  actionId: string;
}

export async function startAction({ caller, actionId }: StartActionOptions, deps: ActionCommandDeps): Promise<CorrectiveActionState> {
  mustHold(caller, 'ownCorrectiveAction');
  const s = await loadAction(deps.stores, caller, actionId);
  return deps.workflows.update(s, startActionUpdate, { actor: caller.person });
}
