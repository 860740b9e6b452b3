import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { message, MESSAGES, type Language, type MessageCode } from '@grain/domain';
import { TRANSLATIONS } from './tables';
import { formatDate, formatDateTime } from './dates';

interface I18n {
  lang: Language;
  setLang(l: Language): void;
  /** Text for a key of any feature table or a domain message code; `{name}` placeholders filled from vars. */
  t(key: string, vars?: Record<string, string | number>): string;
  /** A day in this language's one date format ('' for none). */
  date(value: string | Date | null | undefined): string;
  /** A moment: the day as `date` gives it and the local time, 24-hour. */
  dateTime(value: string | Date | null | undefined): string;
}

const Ctx = createContext<I18n | null>(null);
const STORAGE_KEY = 'lang';

export function translate(lang: Language, key: string, vars?: Record<string, string | number>): string {
  const entry = TRANSLATIONS[key];
  let text = entry ? (entry[lang] ?? entry.en) : key in MESSAGES ? message(key as MessageCode, lang) : key;
  if (vars) for (const [k, v] of Object.entries(vars)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

export function I18nProvider({ children, initial }: { children: ReactNode; initial?: Language }) {
  const [lang, setLangState] = useState<Language>(
    () => initial ?? ((typeof localStorage !== 'undefined' && (localStorage.getItem(STORAGE_KEY) as Language)) || 'en'),
  );
  const setLang = useCallback((l: Language) => {
    setLangState(l);
    try {
      localStorage.setItem(STORAGE_KEY, l);
    } catch {
      /* private mode */
    }
  }, []);
  const value = useMemo<I18n>(
    () => ({ lang, setLang, t: (k, v) => translate(lang, k, v), date: (d) => formatDate(lang, d), dateTime: (d) => formatDateTime(lang, d) }),
    [lang, setLang],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useI18n(): I18n {
  const c = useContext(Ctx);
  if (!c) throw new Error('useI18n outside I18nProvider');
  return c;
}
