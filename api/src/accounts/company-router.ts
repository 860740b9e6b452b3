import type { Request, Router } from 'express';
import { featureRouter } from '../http/params';
import { AppError, addressSchema, addressView, type AddressAnswer, type AddressListAnswer, type CompanyAnswer } from '@grain/domain';
import type { AccountCommandDeps } from './commands/command-deps';
import { parseInput } from '../http/parse-input';
import { requireUser } from '../http/auth-middleware';
import { callerOf } from './caller';
import { companyJson } from './views';
import { createAddress } from './commands/create-address';
import { createCompany } from './commands/create-company';
import { listAddresses } from './commands/list-addresses';
import { showAddress } from './commands/show-address';
import { showCompany } from './commands/show-company';
import { updateAddress } from './commands/update-address';
import { updateCompany } from './commands/update-company';

/**
 * company/profile (read, create, update) and company/address(es). Before a company exists its founder
 * (an admin who just registered) may enter addresses and create it; afterwards company data needs
 * editSystem and every lookup is scoped to the caller's company (another company's id: 404). The
 * company form is read in the country of its address (commands/, support/company-rules.ts).
 */
export function createCompanyRouter(deps: AccountCommandDeps): Router {
  const r = featureRouter();
  const answer = async (c: Parameters<typeof companyJson>[1]) => ({ company: await companyJson(deps.stores, c) }) satisfies CompanyAnswer;
  const address = (req: Request) => ({ caller: callerOf(req), addressId: String(req.params.id) });

  r.get('/company/profile/:companyId', requireUser, async (req, res) => {
    res.json(await answer(await showCompany({ caller: callerOf(req), companyId: String(req.params.companyId) }, deps)));
  });
  r.post('/company/profile/create', requireUser, async (req, res) => {
    res.status(201).json(await answer(await createCompany({ caller: callerOf(req), body: req.body }, deps)));
  });
  r.post('/company/profile/update', requireUser, () => {
    throw new AppError('USER_ID_MISSING');
  });
  r.post('/company/profile/:id/update', requireUser, async (req, res) => {
    res.json(await answer(await updateCompany({ caller: callerOf(req), companyId: String(req.params.id), body: req.body }, deps)));
  });

  r.get('/company/addresses', requireUser, async (req, res) => {
    res.json({ address_list: (await listAddresses({ caller: callerOf(req) }, deps)).map(addressView) } satisfies AddressListAnswer);
  });
  r.get('/company/address/:id', requireUser, async (req, res) => {
    res.json({ address: addressView(await showAddress(address(req), deps)) } satisfies AddressAnswer);
  });
  r.post('/company/address/create', requireUser, async (req, res) => {
    const input = parseInput(addressSchema, req.body ?? {});
    res.status(201).json({ address: addressView(await createAddress({ caller: callerOf(req), input }, deps)) } satisfies AddressAnswer);
  });
  r.post('/company/address/:id/update', requireUser, async (req, res) => {
    const input = parseInput(addressSchema, req.body ?? {});
    res.json({ address: addressView(await updateAddress({ ...address(req), input }, deps)) } satisfies AddressAnswer);
  });

  return r;
}
