/** The addresses of the caller's company (a founder's own before the company exists). */
import type { AddressRow } from '@grain/persistence';
import { ownerOf } from '../support/company-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function listAddresses({ caller }: { caller: AccountCaller }, { stores }: AccountCommandDeps): Promise<AddressRow[]> {
  return stores.companies.addresses(ownerOf(caller.access));
}
