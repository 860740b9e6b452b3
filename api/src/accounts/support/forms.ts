import { accountSchemas, placeOf, type Language } from '@grain/domain';
import type { AddressRow, Stores } from '@grain/persistence';
import { placeOfCompany } from '../../http/company-place';

/** The account forms with a phone number, read in the company's country (the language's before it has an address). */
export async function accountForms(stores: Stores, companyId: string | null, lang: Language) {
  return accountSchemas((await placeOfCompany(stores, companyId, lang)).country);
}

/** The forms read in the country of an address about to be named (the company form names its own). */
export const accountFormsAt = (address: AddressRow, lang: Language) => accountSchemas(placeOf(address, lang).country);
