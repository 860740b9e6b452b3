import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode } from './place';

/**
 * Phone numbers as people type them ("+61 3 5495 1234", "(03) 5495 1234", "0912 345 678"), read with
 * libphonenumber-js (Google's libphonenumber metadata, full validation: the number must be one its
 * country has in use, not only of the right length). A number without its country code is read in
 * the company's country (place.ts). Stored as E.164 ("+61354951234"); shown in the country's own
 * national format to people of that country, and internationally to everyone else.
 */
const MAX_TYPED = 40;

/** The number in E.164, or null when the text is no valid number (of `country`, when it has no country code). */
export function phoneE164(text: string, country: CountryCode): string | null {
  const t = text.trim();
  if (!t || t.length > MAX_TYPED || /[^\d\s()+\-./]/.test(t)) return null;
  const p = parsePhoneNumberFromString(t, country);
  return p && p.isValid() ? p.number : null;
}

/**
 * A stored number as a person of `country` reads it: "(03) 5495 1234" for an Australian number to an
 * Australian company, "+84 292 3821 234" for a Vietnamese one. Text that is not a number (older rows)
 * is shown as stored.
 */
export function formatPhone(stored: string | null | undefined, country: CountryCode | null): string {
  const s = (stored ?? '').trim();
  if (!s) return '';
  const p = parsePhoneNumberFromString(s, country ?? undefined);
  if (!p || !p.isValid()) return s;
  return country && p.country === country ? p.formatNational() : p.formatInternational();
}
