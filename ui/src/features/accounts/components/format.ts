import type { Address } from '../api';

/** An address given as an object or looked up by id in the company's list. */
export function addressText(a: unknown, list: Address[] = []): string {
  const o = typeof a === 'string' ? list.find((x) => x.id === a) : (a as Address | null | undefined);
  if (!o) return '';
  return [o.street, o.suburb, o.city, o.country].filter(Boolean).join(', ');
}

/** Role labels of the user list (docs/spec/approvals.md §4): admin Administrator, manager Manager, others their group name. */
export function roleLabelKey(role: string): string | null {
  if (role === 'admin') return 'acc.role.administrator';
  if (role === 'manager') return 'acc.role.manager';
  return null;
}

export const dateOnly = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 10) : '');
