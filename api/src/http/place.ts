import type { Request } from 'express';
import { todayIn, type Place } from '@grain/domain';
import type { Stores } from '@grain/persistence';
import { langOf } from './lang';
import { placeOfCompany } from './company-place';

/** Where the company of a request is (company-place.ts), the language's country without an address. */
async function companyPlace(stores: Pick<Stores, 'companies'>, companyId: string | null, req: Request): Promise<Place> {
  return placeOfCompany(stores, companyId, langOf(req));
}

/** The company's calendar day now (yyyy-mm-dd). */
export async function companyToday(stores: Pick<Stores, 'companies'>, companyId: string, req: Request): Promise<string> {
  return todayIn((await companyPlace(stores, companyId, req)).timeZone);
}
