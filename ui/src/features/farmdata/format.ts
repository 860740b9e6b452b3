import { HASH_DISPLAY_LENGTH, toDisplayDate } from '@grain/domain';

/** Quantity with 0 decimals, protein and moisture with 2 (docs/spec/farm-data-and-documents.md §9), grouped by the UI language. */
export function formatQuantity(n: number, lang = 'en'): string {
  return new Intl.NumberFormat(lang === 'vn' ? 'vi-VN' : 'en-AU', { maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(n);
}
export function formatPercent(n: number, lang = 'en'): string {
  return new Intl.NumberFormat(lang === 'vn' ? 'vi-VN' : 'en-AU', { maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(n);
}
/** Hashes and transaction ids are shown cut to 20 characters (docs/spec/farm-data-and-documents.md §9). */
export const shortHash = (h: string | null | undefined) => (h ? h.slice(0, HASH_DISPLAY_LENGTH) : '');
export const displayDate = (iso: string) => toDisplayDate(iso);
