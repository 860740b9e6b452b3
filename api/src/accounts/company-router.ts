import { type Router, type Request } from 'express';
import { featureRouter } from '../http/params';
import {
  accountSchemas,
  AppError,
  addressSchema,
  addressView,
  placeOf,
  type Actor,
  type AddressAnswer,
  type AddressListAnswer,
  type CompanyAnswer,
  type CompanyInput,
} from '@grain/domain';
import type { BankAccountFields, CompanyStore } from '@grain/persistence';
import type { ApiDeps } from '../deps';
import { parseInput } from '../http/parse-input';
import { actorOf, denyAccess, ensurePermission, requireUser } from '../http/auth-middleware';
import { companyJson } from './serialize';
import { langOf } from '../http/lang';
import { companyPlace } from '../http/place';

function bankAccountsOf(b: CompanyInput): BankAccountFields[] | undefined {
  const list = b.bankAccounts ?? (b.bankAccount === undefined ? undefined : ([] as NonNullable<CompanyInput['bankAccounts']>).concat(b.bankAccount));
  return list?.map((a) => ({ account: a.account, bankName: a.bankName, branch: a.branch || null, name: a.name || null }));
}
const blank = (v: string | null | undefined) => (v ? v : null);

/**
 * company/profile (read, create, update) and company/address(es). Before a company exists its
 * founder (an admin who just registered) may enter addresses and create it; afterwards company data
 * needs editSystem and every lookup is scoped to the caller's company (another company's id: 404).
 */
export function createCompanyRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  const { companies, users } = deps.stores;
  const owner = (a: Actor) => ({ companyId: a.companyId, userId: a.id });

  /** Address and user references must be the company's (or the founder's own) to be accepted. */
  async function checkRefs(a: Actor, b: CompanyInput, companyId: string | null) {
    if (b.address && !(await companies.address(owner(a), b.address))) throw new AppError('INVALID_ADDRESS');
    for (const uid of [b.admin, b.reprentative]) {
      if (!uid) continue;
      const ok = companyId ? await users.byIdInCompany(uid, companyId) : uid === a.id;
      if (!ok) throw new AppError('INVALID_INPUT', { fields: [{ path: uid === b.admin ? 'admin' : 'reprentative', code: 'INVALID_INPUT' }] });
    }
  }

  /**
   * The company form read for the country it will be in: the address it names (the founder's or the
   * company's), else the company's present address, else the language's country. A phone number
   * typed without its country code belongs to that country.
   */
  async function companyFormFor(req: Request, a: Actor) {
    const named = typeof req.body?.address === 'string' && req.body.address ? await companies.address(owner(a), req.body.address) : null;
    const country = named ? placeOf(named, langOf(req)).country : (await companyPlace(deps.stores, a.companyId, req)).country;
    return accountSchemas(country).companySchema;
  }

  /** Company data may be edited by editSystem holders, or by a founder before the company exists. */
  async function mayEditCompanyData(req: Request): Promise<Actor> {
    const a = actorOf(req);
    if (a.companyId) return ensurePermission(req, 'editSystem');
    if (a.role !== 'admin') await denyAccess(req, { reason: 'no company and not a founder' });
    return a;
  }

  r.get('/company/profile/:companyId', requireUser, async (req, res) => {
    const a = actorOf(req);
    if (req.params.companyId !== a.companyId) throw new AppError('NOT_FOUND');
    const c = await companies.byId(a.companyId);
    if (!c) throw new AppError('NOT_FOUND');
    res.json({ company: await companyJson(deps.stores, c) } satisfies CompanyAnswer);
  });

  r.post('/company/profile/create', requireUser, async (req, res) => {
    const a = actorOf(req);
    if (a.companyId) throw new AppError('COMPANY_EXISTS');
    if (a.role !== 'admin') await denyAccess(req, { reason: 'only an admin founds a company' });
    const b = parseInput(await companyFormFor(req, a), req.body ?? {});
    await checkRefs(a, b, null);
    const company = await deps.stores.transaction(async (tx) => {
      const txCompanies = tx.companies;
      const c = await txCompanies.create({
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
      await txCompanies.adoptAddresses(a.id, c.id);
      const banks = bankAccountsOf(b);
      if (banks) await txCompanies.replaceBankAccounts(c.id, banks);
      return c;
    });
    res.status(201).json({ company: await companyJson(deps.stores, company) } satisfies CompanyAnswer);
  });

  r.post('/company/profile/update', requireUser, () => {
    throw new AppError('USER_ID_MISSING');
  });

  r.post('/company/profile/:id/update', requireUser, async (req, res) => {
    const a = await ensurePermission(req, 'editSystem');
    if (req.params.id !== a.companyId) throw new AppError('NOT_FOUND');
    const b = parseInput(await companyFormFor(req, a), req.body ?? {});
    await checkRefs(a, b, a.companyId);
    await companies.update(a.companyId, {
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
    if (banks) await companies.replaceBankAccounts(a.companyId, banks);
    res.json({ company: await companyJson(deps.stores, (await companies.byId(a.companyId))!) } satisfies CompanyAnswer);
  });

  r.get('/company/addresses', requireUser, async (req, res) => {
    res.json({ address_list: (await companies.addresses(owner(actorOf(req)))).map(addressView) } satisfies AddressListAnswer);
  });

  r.get('/company/address/:id', requireUser, async (req, res) => {
    const found = await companies.address(owner(actorOf(req)), String(req.params.id));
    if (!found) throw new AppError('NOT_FOUND');
    res.json({ address: addressView(found) } satisfies AddressAnswer);
  });

  r.post('/company/address/create', requireUser, async (req, res) => {
    const a = await mayEditCompanyData(req);
    const b = parseInput(addressSchema, req.body ?? {});
    res.status(201).json({ address: addressView(await companies.createAddress(owner(a), b)) } satisfies AddressAnswer);
  });

  r.post('/company/address/:id/update', requireUser, async (req, res) => {
    const a = await mayEditCompanyData(req);
    const found = await companies.address(owner(a), String(req.params.id));
    if (!found) throw new AppError('NOT_FOUND');
    const b = parseInput(addressSchema, req.body ?? {});
    await companies.updateAddress(found.id, b);
    res.json({ address: addressView({ ...found, ...b }) } satisfies AddressAnswer);
  });

  return r;
}
