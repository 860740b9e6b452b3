/** The caller's own company (any member); another company's id is NOT_FOUND. */
import { AppError } from '@grain/domain';
import type { CompanyRow } from '@grain/persistence';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function showCompany({ caller, companyId }: { caller: AccountCaller; companyId: string }, { stores }: AccountCommandDeps): Promise<CompanyRow> {
  if (companyId !== caller.access.companyId) throw new AppError('NOT_FOUND');
  const c = await stores.companies.byId(companyId);
  if (!c) throw new AppError('NOT_FOUND');
  return c;
}
