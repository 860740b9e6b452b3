import type { Request } from 'express';
import { placeOf, todayIn, type Place } from '@grain/domain';
import type { Stores } from '@grain/persistence';
import { langOf } from './lang';

/**
 * Where a company is (domain accounts/place.ts): its address's country and time zone, or, with no
 * address of a served country, the caller's language's. A phone number typed without its country code
 * is read in `country`; "today" for a harvest date is the company's calendar day.
 */
export async function companyPlace(stores: Pick<Stores, 'companies'>, companyId: string | null, req: Request): Promise<Place> {
  const company = companyId ? await stores.companies.byId(companyId) : null;
  const address = company?.addressId ? await stores.companies.address({ companyId: company.id, userId: '' }, company.addressId) : null;
  return placeOf(address, langOf(req));
}

/** The company's calendar day now (yyyy-mm-dd). */
export async function companyToday(stores: Pick<Stores, 'companies'>, companyId: string, req: Request): Promise<string> {
  return todayIn((await companyPlace(stores, companyId, req)).timeZone);
}
