/** Who an action may be given to: the company's active users who may own corrective actions (for whoever makes or reassigns actions). */
import { can, type ActionPerson } from '@grain/domain';
import { companyPeople } from '@grain/persistence';
import { mustHold } from '../support/access';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export async function listOwners({ caller }: { caller: ActionCaller }, deps: ActionCommandDeps): Promise<ActionPerson[]> {
  mustHold(caller, 'createCorrectiveAction');
  return (await companyPeople(deps.stores, caller.companyId)).filter((p) => can(p.actor, 'ownCorrectiveAction')).map((p) => ({ id: p.user.id, name: p.name }));
}
