/** A new address of the caller's company (editSystem), or of a founder before the company exists. */
import type { AddressInput } from '@grain/domain';
import type { AddressRow } from '@grain/persistence';
import { mayEditCompanyData, ownerOf } from '../support/company-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function createAddress({ caller, input }: { caller: AccountCaller; input: AddressInput }, { stores }: AccountCommandDeps): Promise<AddressRow> {
  const a = await mayEditCompanyData(stores, caller);
  return stores.companies.createAddress(ownerOf(a), input);
}
