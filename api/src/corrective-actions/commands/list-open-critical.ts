/**
 * The company's open critical actions, for the signers of its certificates (information they sign with,
 * not a block): anyone who may view certificates or actions.
 */
import { AppError, can, type CorrectiveActionState } from '@grain/domain';
import type { ActionCaller, ActionCommandDeps } from './command-deps';

export async function listOpenCritical({ caller }: { caller: ActionCaller }, deps: ActionCommandDeps): Promise<CorrectiveActionState[]> {
  if (!can(caller.access, 'viewApproval') && !can(caller.access, 'viewCorrectiveAction')) throw new AppError('ACCESS_DENIED');
  return deps.stores.correctiveActions.list(caller.companyId, { status: 'open_any', severity: 'critical' });
}
