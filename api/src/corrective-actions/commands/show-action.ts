/** One action, for its viewer (viewCorrectiveAction, or its owner); another company's is NOT_FOUND. */
import type { CorrectiveActionState } from '@grain/domain';
import { loadAction } from '../support/access';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export interface ShowActionOptions {
  caller: ActionCaller;
  actionId: string;
}

export async function showAction({ caller, actionId }: ShowActionOptions, deps: ActionCommandDeps): Promise<CorrectiveActionState> {
  return loadAction(deps.stores, caller, actionId);
}
