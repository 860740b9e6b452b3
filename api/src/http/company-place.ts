import { placeOf, type Language, type Place } from '@grain/domain';
import type { Stores } from '@grain/persistence';

/**
 * Where a company is (domain accounts/place.ts): its address's country and time zone, or, with no
 * address of a served country, the country of the caller's language. A phone number typed without its
 * country code is read in `country`; "today" for a harvest date is the company's calendar day.
 */
export async function placeOfCompany(stores: Pick<Stores, 'companies'>, companyId: string | null, lang: Language): Promise<Place> {
  const company = companyId ? await stores.companies.byId(companyId) : null;
  const address = company?.addressId ? await stores.companies.address({ companyId: company.id, userId: '' }, company.addressId) : null;
  return placeOf(address, lang);
}
