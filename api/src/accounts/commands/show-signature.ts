/** A digital signature of the caller's company: one's own, or anyone's with viewSystem; another company's is NOT_FOUND. */
import { can } from '@grain/domain';
import type { SignatureRow } from '@grain/persistence';
import { refuse } from '../support/access';
import { signatureOfCompany } from '../support/signature-owner';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function showSignature(
  { caller, signatureId }: { caller: AccountCaller; signatureId: string },
  { stores }: AccountCommandDeps,
): Promise<SignatureRow> {
  const s = await signatureOfCompany(stores, caller, signatureId);
  if (s.userId !== caller.access.id && !can(caller.access, 'viewSystem')) await refuse(stores, caller, { permission: 'viewSystem', signature: s.id });
  return s;
}
