import type { Language, RequirementResult, StandardCheck } from '@grain/domain';

type T = (key: string, vars?: Record<string, string | number>) => string;

/** A percentage as the UI language writes it (up to 2 decimals). */
export const pct = (n: number, lang: Language) => `${new Intl.NumberFormat(lang === 'vn' ? 'vi-VN' : 'en-AU', { maximumFractionDigits: 2 }).format(n)} %`;

/** "≥ 10.5 %", "≤ 12.5 %", or both. */
export function limitText(r: Pick<RequirementResult, 'min' | 'max'>, lang: Language): string {
  return [r.min !== undefined && `≥ ${pct(r.min, lang)}`, r.max !== undefined && `≤ ${pct(r.max, lang)}`].filter(Boolean).join(', ');
}

/** Why one requirement failed, in words: "Protein 11.5 % is below the APH1 minimum of 13 %". */
export function failureText(r: RequirementResult, grade: string, t: T, lang: Language): string {
  const measure = t(`cert.${r.measure}`);
  if (r.measured === null) return t('cert.std.notMeasured', { measure });
  if (r.min !== undefined && r.measured < r.min) return t('cert.std.below', { measure, measured: pct(r.measured, lang), grade, limit: pct(r.min, lang) });
  return t('cert.std.above', { measure, measured: pct(r.measured, lang), grade, limit: pct(r.max ?? 0, lang) });
}

/** The short verdict of a check: meets / does not meet / no standard on file. */
export const verdictKey = (c: StandardCheck) => `cert.std.result.${c.result}`;
