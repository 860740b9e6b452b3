/** A founder (an admin without a company) creates it: it adopts their addresses and becomes their company. */
import { AppError } from '@grain/domain';
import type { CompanyRow } from '@grain/persistence';
import { refuse } from '../support/access';
import { bankAccountsOf, checkRefs, parseCompanyForm } from '../support/company-rules';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

const blank = (v: string | null | undefined) => (v ? v : null);

export async function createCompany({ caller, body }: { caller: AccountCaller; body: unknown }, { stores }: AccountCommandDeps): Promise<CompanyRow> {
  const a = caller.access;
  if (a.companyId) throw new AppError('COMPANY_EXISTS');
  if (a.role !== 'admin') await refuse(stores, caller, { reason: 'only an admin founds a company' });
  const b = await parseCompanyForm(stores, caller, body);
  await checkRefs(stores, a, b, null);
  return stores.transaction(async (tx) => {
    const c = await tx.companies.create({
      name: b.name,
      tfn: blank(b.tfn),
      addressId: blank(b.address),
      phone: blank(b.phone),
      email: blank(b.email),
      website: blank(b.website),
      taxOfficeLevel1: blank(b.taxOfficeLevel1),
      taxOfficeLevel2: blank(b.taxOfficeLevel2),
      adminId: a.id,
      representativeId: blank(b.reprentative),
    });
    await tx.users.update(a.id, { companyId: c.id });
    await tx.companies.adoptAddresses(a.id, c.id);
    const banks = bankAccountsOf(b);
    if (banks) await tx.companies.replaceBankAccounts(c.id, banks);
    return c;
  });
}
