/** The company view: counts (open, overdue, fix submitted, closed), per severity, open actions' ages, time to close. */
import { actionSummary, type CorrectiveActionSummaryAnswer } from '@grain/domain';
import { mustHold } from '../support/access';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export async function summarizeActions({ caller }: { caller: ActionCaller }, deps: ActionCommandDeps): Promise<CorrectiveActionSummaryAnswer> {
  mustHold(caller, 'viewCorrectiveAction');
  return actionSummary(await deps.stores.correctiveActions.list(caller.companyId), deps.now().toISOString());
}
