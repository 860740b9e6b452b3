import type { AuditItem, Language } from '@grain/domain';

/**
 * The embedded auditor writes every text twice, in English and in Vietnamese, as whole sentences
 * built from the summary's fields. These helpers keep the grammar of both right: lists ("a, b and
 * c" / "a, b và c"), quotes cut at a word, counts.
 */
export type Both = Record<Language, string>;
export const both = (en: string, vn: string): Both => ({ en, vn });

/** A quoted value, cut at a word past 220 characters; its closing full stop is the sentence's. */
export const quote = (v: string) => `"${v.length > 220 ? v.slice(0, 220).replace(/\s\S*$/, '') + ' …' : v.trim().replace(/\.$/, '')}"`;

const CONJ = { and: { en: 'and', vn: 'và' }, or: { en: 'or', vn: 'hoặc' } } as const;
/** "a", "a and b", "a, b and c" (vn: "a, b và c"). */
export function listIn(lang: Language, items: readonly string[], conj: keyof typeof CONJ = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${CONJ[conj][lang]} ${items[items.length - 1]}`;
}
export const lists = (en: readonly string[], vn: readonly string[], conj: keyof typeof CONJ = 'and'): Both =>
  both(listIn('en', en, conj), listIn('vn', vn, conj));

/**
 * A day as the app writes it (day/month/year, "21/10/2026", in en and vn alike): a calendar day
 * (yyyy-mm-dd, as the summaries keep dates) reversed; anything else as written.
 */
export const dayText = (v: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : v;
};

/** "1 entry" / "3 entries" (Vietnamese has no plural). */
export const count = (n: number, one: string, many: string, vn: string): Both => both(`${n} ${n === 1 ? one : many}`, `${n} ${vn}`);

export function item(name: string, ok: boolean, requirement: Both, evidence: Both, fix: Both, keep: Both): AuditItem {
  const rec = ok ? keep : fix;
  return {
    compliance_check_item: name,
    result: ok ? 'Compliant' : 'Non-Compliant',
    requirement: requirement.en,
    evidence: evidence.en,
    recommendations: rec.en,
    vn: { requirement: requirement.vn, evidence: evidence.vn, recommendations: rec.vn },
  };
}
