import type { Language } from '../constants';
import type { MessageCode } from '../messages';

/**
 * Where a company is: the two countries the product serves, an Australian address's state and
 * postcode, a Vietnamese address's province, and the company's time zone ("today" for a harvest date).
 *
 * The company's country and time zone come from its address (the one the company profile names):
 * - country: the address's country, when it is Australia or Vietnam (any of the usual spellings);
 * - time zone: Australia: the zone of the address's state (WA Australia/Perth, SA Australia/Adelaide,
 *   QLD Australia/Brisbane, NT Australia/Darwin, TAS Australia/Hobart, NSW and ACT Australia/Sydney,
 *   VIC Australia/Melbourne), Australia/Melbourne when the state is not known; Vietnam:
 *   Asia/Ho_Chi_Minh (one zone).
 * Before a company has an address, a form is read for the country of the language it is filled in
 * (vn: Vietnam, en: Australia, the product's home), in that country's default zone.
 */
export const COUNTRY_CODES = ['AU', 'VN'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** The name an address stores for a country the product serves (what the spec's `country` text held). */
export const COUNTRY_NAMES: Record<CountryCode, string> = { AU: 'Australia', VN: 'Vietnam' };

const COUNTRY_SPELLINGS: Record<CountryCode, readonly string[]> = {
  AU: ['au', 'aus', 'australia', 'úc', 'nước úc', 'commonwealth of australia'],
  VN: ['vn', 'vnm', 'vietnam', 'viet nam', 'việt nam', 'viêt nam', 'socialist republic of vietnam'],
};

/** 'AU' or 'VN' for a country named in any usual spelling (or code); null for any other country. */
export function countryCodeOf(name: string | null | undefined): CountryCode | null {
  const n = (name ?? '').normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '');
  for (const c of COUNTRY_CODES) if (COUNTRY_SPELLINGS[c].includes(n)) return c;
  return null;
}

/** The country a form is read for when no address says it: the language's (vn: Vietnam, else Australia). */
export const countryOfLanguage = (lang: Language): CountryCode => (lang === 'vn' ? 'VN' : 'AU');

/** Australia's states and territories, by the abbreviation Australia Post prints. */
export const AU_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
export type AuState = (typeof AU_STATES)[number];

const AU_STATE_NAMES: Record<AuState, readonly string[]> = {
  NSW: ['new south wales'],
  VIC: ['victoria'],
  QLD: ['queensland'],
  WA: ['western australia'],
  SA: ['south australia'],
  TAS: ['tasmania'],
  ACT: ['australian capital territory'],
  NT: ['northern territory'],
};

/** A state given by its abbreviation or its name ('Victoria', 'vic'); null when it names none. */
export function auStateOf(text: string | null | undefined): AuState | null {
  const n = (text ?? '').trim().toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ');
  for (const s of AU_STATES) if (s.toLowerCase() === n || AU_STATE_NAMES[s].includes(n)) return s;
  return null;
}

/**
 * Postcode ranges per state (Australia Post's allocation, including the PO box and large-user ranges,
 * and the border localities served from a neighbour state's range: Barooga NSW 3644, Jennings NSW 4383,
 * Mungindi QLD 2406, the APY and Ngaanyatjarra lands of SA and WA on 0872). A postcode outside its
 * state's ranges is a typing mistake in one of the two.
 */
const AU_POSTCODES: Record<AuState, ReadonlyArray<readonly [number, number]>> = {
  NSW: [
    [1000, 2599],
    [2619, 2899],
    [2921, 2999],
    [3585, 3586],
    [3644, 3644],
    [3691, 3691],
    [3707, 3707],
    [4380, 4385],
  ],
  ACT: [
    [200, 299],
    [2600, 2618],
    [2900, 2920],
  ],
  VIC: [
    [3000, 3999],
    [8000, 8999],
  ],
  QLD: [
    [4000, 4999],
    [9000, 9999],
    [2406, 2406],
  ],
  SA: [
    [5000, 5999],
    [872, 872],
  ],
  WA: [
    [6000, 6999],
    [872, 872],
  ],
  TAS: [[7000, 7999]],
  NT: [[800, 999]],
};

/** Why an Australian postcode is refused (4 digits, inside its state's ranges), or null. */
export function auPostcodeProblem(postcode: string, state: AuState | null): MessageCode | null {
  if (!/^\d{4}$/.test(postcode)) return 'INVALID_POSTCODE';
  if (!state) return null;
  const n = Number(postcode);
  return AU_POSTCODES[state].some(([a, b]) => n >= a && n <= b) ? null : 'POSTCODE_NOT_IN_STATE';
}

const AU_STATE_ZONES: Record<AuState, string> = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  WA: 'Australia/Perth',
  TAS: 'Australia/Hobart',
  NT: 'Australia/Darwin',
};
/** Each country's zone when nothing narrower is known. */
export const DEFAULT_TIME_ZONES: Record<CountryCode, string> = { AU: 'Australia/Melbourne', VN: 'Asia/Ho_Chi_Minh' };

/** The facts of an address that say where it is. */
export interface AddressPlace {
  country: string;
  state?: string | null;
}

/** Where a form is filled in: the country a phone number without its country code belongs to, and the time zone of "today". */
export interface Place {
  country: CountryCode;
  timeZone: string;
}

/**
 * The company's place, from its address (see the module comment); a company without an address of a
 * served country is read for the language's country.
 */
export function placeOf(address: AddressPlace | null | undefined, lang: Language): Place {
  const country = countryCodeOf(address?.country) ?? countryOfLanguage(lang);
  const state = country === 'AU' && countryCodeOf(address?.country) === 'AU' ? auStateOf(address?.state) : null;
  return { country, timeZone: state ? AU_STATE_ZONES[state] : DEFAULT_TIME_ZONES[country] };
}

/** The calendar day (yyyy-mm-dd) it is at `now` in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes the day as yyyy-mm-dd
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
