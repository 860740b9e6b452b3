/**
 * An admin of the company resets a user's key (its password is lost): it signs no more, what it signed
 * still verifies, and its owner creates a new one.
 */
import { AppError, isAdmin } from '@grain/domain';
import { refuse } from '../support/access';
import { signatureOfCompany } from '../support/signature-owner';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function resetSignature({ caller, signatureId }: { caller: AccountCaller; signatureId: string }, { stores }: AccountCommandDeps): Promise<void> {
  const s = await signatureOfCompany(stores, caller, signatureId);
  if (!isAdmin(caller.access)) await refuse(stores, caller, { reason: 'signature reset by a non-admin', signature: s.id });
  if (!(await stores.signatures.reset(s.companyId, s.id, caller.access.id))) throw new AppError('NOT_FOUND');
}
