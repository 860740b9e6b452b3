/** The company's actions, filtered (status, audit, severity, owner); viewCorrectiveAction. */
import type { CorrectiveActionState } from '@grain/domain';
import type { ActionListFilter } from '@grain/persistence';
import { mustHold } from '../support/access';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export interface ListActionsOptions {
  caller: ActionCaller;
  filter: ActionListFilter;
}

export async function listActions({ caller, filter }: ListActionsOptions, deps: ActionCommandDeps): Promise<CorrectiveActionState[]> {
  mustHold(caller, 'viewCorrectiveAction');
  return deps.stores.correctiveActions.list(caller.companyId, filter);
}
