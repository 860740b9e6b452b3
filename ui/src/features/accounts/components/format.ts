import type { Address } from '../api';

/** An address given as an object or looked up by id in the company's list. */
export function addressText(a: unknown, list: Address[] = []): string {
  const o = typeof a === 'string' ? list.find((x) => x.id === a) : (a as Address | null | undefined);
  if (!o) return '';
  return [o.street, o.suburb, o.city, o.country].filter(Boolean).join(', ');
}

export const dateOnly = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 10) : '');
