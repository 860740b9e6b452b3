/** An address of the caller's company (or a founder's own); anything else is NOT_FOUND. */
import { AppError } from '@grain/domain';
import type { AddressRow } from '@grain/persistence';
import { ownerOf } from '../support/company-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function showAddress({ caller, addressId }: { caller: AccountCaller; addressId: string }, { stores }: AccountCommandDeps): Promise<AddressRow> {
  const found = await stores.companies.address(ownerOf(caller.access), addressId);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}
