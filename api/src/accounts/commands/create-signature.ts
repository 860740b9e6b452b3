/** The caller's own digital signature (editInfo): a key pair, its private key sealed with the password, its certificate from the company CA. */
import type { SignatureRow } from '@grain/persistence';
import { holding } from '../support/access';
import { signatureOwner, today } from '../support/signature-owner';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function createSignature(
  { caller, password, effectiveDate }: { caller: AccountCaller; password: string; effectiveDate?: string },
  { stores, config }: AccountCommandDeps,
): Promise<SignatureRow> {
  await holding(stores, caller, 'editInfo');
  return stores.signatures.issue(await signatureOwner(stores, caller), password, effectiveDate || today(), config.caKeySecret);
}
