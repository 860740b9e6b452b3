/** Reassign: the action gets another owner of the company (who is mailed). */
import type { CorrectiveActionState } from '@grain/domain';
import { reassignActionUpdate } from '@grain/workflows';
import { loadAction, mustHold } from '../support/access';
import { ownerOf } from '../support/owner';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export interface ReassignActionOptions {
  caller: ActionCaller;
  actionId: string;
  ownerId: string;
}

export async function reassignAction({ caller, actionId, ownerId }: ReassignActionOptions, deps: ActionCommandDeps): Promise<CorrectiveActionState> {
  mustHold(caller, 'createCorrectiveAction');
  const s = await loadAction(deps.stores, caller, actionId);
  const owner = await ownerOf(deps.stores, caller.companyId, ownerId);
  return deps.workflows.update(s, reassignActionUpdate, { actor: caller.person, owner });
}
