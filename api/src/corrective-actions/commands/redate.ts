/** Redate: a new due time (in the future); reminders, overdue and escalation start again from it. */
import { dueTimeOf, type CorrectiveActionState } from '@grain/domain';
import { redateActionUpdate } from '@grain/workflows';
import { loadAction, mustHold } from '../support/access';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export interface RedateActionOptions {
  caller: ActionCaller;
  actionId: string;
  dueAt: string;
}

export async function redateAction({ caller, actionId, dueAt }: RedateActionOptions, deps: ActionCommandDeps): Promise<CorrectiveActionState> {
  mustHold(caller, 'createCorrectiveAction');
  const s = await loadAction(deps.stores, caller, actionId);
  return deps.workflows.update(s, redateActionUpdate, { actor: caller.person, dueAt: dueTimeOf(dueAt) });
}
