/** The caller's own digital signature, or null. */
import type { SignatureRow } from '@grain/persistence';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function showMySignature({ caller }: { caller: AccountCaller }, { stores }: AccountCommandDeps): Promise<SignatureRow | null> {
  return stores.signatures.ofUser(caller.access.id);
}
