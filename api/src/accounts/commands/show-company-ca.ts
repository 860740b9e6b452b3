/** The CA certificate of the caller's company (it issues the members' signature certificates). */
import { companyRequired } from '../support/access';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function showCompanyCa({ caller }: { caller: AccountCaller }, { stores }: AccountCommandDeps): Promise<string | null> {
  return stores.signatures.companyCaCertificatePem(companyRequired(caller.access));
}
