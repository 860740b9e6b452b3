/** Changes an address of the caller's company (editSystem), or a founder's own; anything else is NOT_FOUND. */
import { AppError, type AddressInput } from '@grain/domain';
import type { AddressRow } from '@grain/persistence';
import { mayEditCompanyData, ownerOf } from '../support/company-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function updateAddress(
  { caller, addressId, input }: { caller: AccountCaller; addressId: string; input: AddressInput },
  { stores }: AccountCommandDeps,
): Promise<AddressRow> {
  const a = await mayEditCompanyData(stores, caller);
  const found = await stores.companies.address(ownerOf(a), addressId);
  if (!found) throw new AppError('NOT_FOUND');
  await stores.companies.updateAddress(found.id, input);
  return { ...found, ...input };
}
