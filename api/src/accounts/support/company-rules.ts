/**
 * The rules of company data: before a company exists its founder (an admin who just registered) may
 * enter addresses and create it; afterwards it needs editSystem. Address and user references must be
 * the company's (or the founder's own); the form is read in the country of the address it names.
 */
import { AppError, type Actor, type CompanyInput } from '@grain/domain';
import type { BankAccountFields, Stores } from '@grain/persistence';
import { parseInput } from '../../http/parse-input';
import type { AccountCaller } from '../commands/command-deps';
import { holding, refuse } from './access';
import { accountForms, accountFormsAt } from './forms';

export const ownerOf = (a: Actor) => ({ companyId: a.companyId, userId: a.id });

/** Company data may be edited by editSystem holders, or by a founder before the company exists. */
export async function mayEditCompanyData(stores: Stores, caller: AccountCaller): Promise<Actor> {
  const a = caller.access;
  if (a.companyId) return holding(stores, caller, 'editSystem');
  if (a.role !== 'admin') await refuse(stores, caller, { reason: 'no company and not a founder' });
  return a;
}

/**
 * The company form read for the country it will be in: the address it names (the founder's or the
 * company's), else the company's present address, else the language's country. A phone number typed
 * without its country code belongs to that country.
 */
export async function parseCompanyForm(stores: Stores, caller: AccountCaller, body: unknown): Promise<CompanyInput> {
  const a = caller.access;
  const named = (body as { address?: unknown } | null)?.address;
  const address = typeof named === 'string' && named ? await stores.companies.address(ownerOf(a), named) : null;
  const forms = address ? accountFormsAt(address, caller.origin.lang) : await accountForms(stores, a.companyId, caller.origin.lang);
  return parseInput(forms.companySchema, body ?? {});
}

/** Address and user references must be the company's (or the founder's own) to be accepted. */
export async function checkRefs(stores: Stores, a: Actor, b: CompanyInput, companyId: string | null): Promise<void> {
  if (b.address && !(await stores.companies.address(ownerOf(a), b.address))) throw new AppError('INVALID_ADDRESS');
  for (const uid of [b.admin, b.reprentative]) {
    if (!uid) continue;
    const ok = companyId ? await stores.users.byIdInCompany(uid, companyId) : uid === a.id;
    if (!ok) throw new AppError('INVALID_INPUT', { fields: [{ path: uid === b.admin ? 'admin' : 'reprentative', code: 'INVALID_INPUT' }] });
  }
}

export function bankAccountsOf(b: CompanyInput): BankAccountFields[] | undefined {
  const list = b.bankAccounts ?? (b.bankAccount === undefined ? undefined : ([] as NonNullable<CompanyInput['bankAccounts']>).concat(b.bankAccount));
  return list?.map((a) => ({ account: a.account, bankName: a.bankName, branch: a.branch || null, name: a.name || null }));
}
