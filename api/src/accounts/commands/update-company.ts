/** Changes the caller's own company (editSystem); another company's id is NOT_FOUND. */
import { AppError } from '@grain/domain';
import type { CompanyRow, CompanyStore } from '@grain/persistence';
import { holding } from '../support/access';
import { bankAccountsOf, checkRefs, parseCompanyForm } from '../support/company-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export async function updateCompany(
  { caller, companyId, body }: { caller: AccountCaller; companyId: string; body: unknown },
  { stores }: AccountCommandDeps,
): Promise<CompanyRow> {
  const a = await holding(stores, caller, 'editSystem');
  if (!a.companyId || companyId !== a.companyId) throw new AppError('NOT_FOUND');
  const b = await parseCompanyForm(stores, caller, body);
  await checkRefs(stores, a, b, a.companyId);
  await stores.companies.update(a.companyId, {
    name: b.name,
    tfn: b.tfn,
    addressId: b.address,
    phone: b.phone,
    email: b.email,
    website: b.website,
    taxOfficeLevel1: b.taxOfficeLevel1,
    taxOfficeLevel2: b.taxOfficeLevel2,
    ...(b.admin ? { adminId: b.admin } : {}),
    representativeId: b.reprentative,
  } as Parameters<CompanyStore['update']>[1]);
  const banks = bankAccountsOf(b);
  if (banks) await stores.companies.replaceBankAccounts(a.companyId, banks);
  return (await stores.companies.byId(a.companyId))!;
}
