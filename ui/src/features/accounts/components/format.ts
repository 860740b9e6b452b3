import { addressLine } from '@grain/domain';
import type { Address } from '../api';

/**
 * An address given as an object or looked up by id in the company's list, on one line in its
 * country's postal order ("Unit 3/14 O'Connell St., St. Arnaud VIC 3478, Australia"); `countryName`
 * names the country in the reader's language.
 */
export function addressText(a: unknown, list: Address[] = [], countryName?: (country: string) => string): string {
  const o = typeof a === 'string' ? list.find((x) => x.id === a) : (a as Address | null | undefined);
  if (!o) return '';
  return addressLine(o, countryName);
}

export const dateOnly = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 10) : '');
