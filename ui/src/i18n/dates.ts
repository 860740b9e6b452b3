import type { Language } from '@grain/domain';

/**
 * One date format everywhere: day/month/year, "23/11/2026", as both Australian English and Vietnamese
 * write it and as farm data is entered (never the US month-first order a browser may default to). Times
 * are the reader's local time, 24-hour. A bare yyyy-mm-dd (a due day, a production date) is a calendar
 * day and is shown as that day wherever the reader is.
 */
const LOCALE: Record<Language, string> = { en: 'en-AU', vn: 'vi-VN' };
const DAY: Record<Language, Intl.DateTimeFormatOptions> = {
  en: { day: '2-digit', month: '2-digit', year: 'numeric' },
  vn: { day: '2-digit', month: '2-digit', year: 'numeric' },
};
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hour12: false };
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function parse(value: string | Date | null | undefined): { at: Date; calendarDay: boolean } | null {
  if (!value) return null;
  const calendarDay = typeof value === 'string' && DATE_ONLY.test(value);
  const at = value instanceof Date ? value : new Date(calendarDay ? `${value}T00:00:00Z` : value);
  return Number.isNaN(at.getTime()) ? null : { at, calendarDay };
}

export function formatDate(lang: Language, value: string | Date | null | undefined): string {
  const p = parse(value);
  if (!p) return '';
  return new Intl.DateTimeFormat(LOCALE[lang], { ...DAY[lang], ...(p.calendarDay && { timeZone: 'UTC' }) }).format(p.at);
}

export function formatDateTime(lang: Language, value: string | Date | null | undefined): string {
  const p = parse(value);
  if (!p) return '';
  if (p.calendarDay) return formatDate(lang, value);
  const time = new Intl.DateTimeFormat(LOCALE[lang], TIME).format(p.at);
  return `${formatDate(lang, p.at)} ${time}`;
}

/**
 * A day as a person types it, in the one format (day/month/year, "5/1/2027", "05.01.2027", "05-01-2027"),
 * or as a calendar gives it (yyyy-mm-dd): the calendar day yyyy-mm-dd, or null when it is not a day that
 * exists or its year is not written in full.
 */
export function parseDay(text: string): string | null {
  const v = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]].map(Number) : dmy ? [dmy[3], dmy[2], dmy[1]].map(Number) : [NaN, NaN, NaN];
  if (!y) return null;
  const at = new Date(Date.UTC(y, m - 1, d));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
