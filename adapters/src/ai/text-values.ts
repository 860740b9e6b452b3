/**
 * Values as people write them in farm documents: lists in prose or in a table cell, and dates in
 * Australian usage. Used by the summariser (reading) and the checks (dates).
 */

const NOTHING = /^(?:n\/?a|none|nil|-+|no treatment(?: required| needed| applied)?|not applicable|nothing)$/i;

/**
 * Splits a list written in prose or in a cell: commas, semicolons, ' and ', '&', and a slash between
 * two words ("Rats/mice"). A part that starts with a number belongs to the one before it ("Silos 3
 * and 4", "phosphine fumigation, 10 days sealed"); commas inside brackets do not split.
 */
export function splitList(s: string): string[] {
  const parts: Array<{ sep: string; text: string }> = [];
  let depth = 0;
  let text = '';
  let sep = '';
  const re = /\s*(?:[,;\n]|\band\b|&|(?<=[A-Za-z]{3})\/(?=[A-Za-z]{3}))\s*/iy;
  for (let i = 0; i < s.length;) {
    const c = s[i];
    if (c === '(' || c === '[') depth++;
    if ((c === ')' || c === ']') && depth > 0) depth--;
    re.lastIndex = i;
    const m = depth === 0 ? re.exec(s) : null;
    if (m && m[0].length) {
      parts.push({ sep, text });
      sep = m[0];
      text = '';
      i += m[0].length;
      continue;
    }
    text += c;
    i++;
  }
  parts.push({ sep, text });
  const out: string[] = [];
  for (const p of parts) {
    const t = p.text.trim().replace(/\.$/, '');
    if (!t) continue;
    if (out.length && /^\d/.test(t)) {
      const joiner = /and/i.test(p.sep) ? ' and ' : p.sep.includes('&') ? ' & ' : ', ';
      out[out.length - 1] += joiner + t;
    } else out.push(t);
  }
  return out.filter((x) => !NOTHING.test(x));
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const DATE_FORMS = [
  String.raw`\d{4}-\d{1,2}-\d{1,2}`,
  String.raw`\d{1,2}[/.]\d{1,2}[/.](?:\d{4}|\d{2})(?!\d)`,
  String.raw`\d{1,2}(?:st|nd|rd|th)?\s+${MONTH},?\s+\d{4}`,
  String.raw`${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}`,
];
const DATE_IN_TEXT = new RegExp(String.raw`\b(?:${DATE_FORMS.join('|')})`, 'i');

/** The date written in a piece of text, as written ("4 March 2026" of "4 March 2026 by T. Castellano"). */
export function dateTextIn(s: string): string | undefined {
  return DATE_IN_TEXT.exec(s)?.[0];
}

const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/** A date written as 2025-03-14, 14/03/2025 or 14/03/25 (day first, Australian usage), 14 March 2025 or March 14, 2025; ISO date or undefined. */
export function parseDate(s: string): string | undefined {
  let y: number, m: number, d: number;
  let r = /(\d{4})-(\d{1,2})-(\d{1,2})/.exec(s);
  if (r) [y, m, d] = [Number(r[1]), Number(r[2]), Number(r[3])];
  else if ((r = /(\d{1,2})[/.](\d{1,2})[/.](\d{4}|\d{2})(?!\d)/.exec(s)))
    [d, m, y] = [Number(r[1]), Number(r[2]), Number(r[3].length === 2 ? '20' + r[3] : r[3])];
  else if ((r = new RegExp(String.raw`(\d{1,2})(?:st|nd|rd|th)?\s+(${MONTH}),?\s+(\d{4})`, 'i').exec(s)))
    [d, m, y] = [Number(r[1]), monthOf(r[2]), Number(r[3])];
  else if ((r = new RegExp(String.raw`(${MONTH})\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})`, 'i').exec(s)))
    [d, m, y] = [Number(r[2]), monthOf(r[1]), Number(r[3])];
  else return undefined;
  if (m < 1 || m > 12 || d < 1 || d > 31) return undefined;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The first telephone number in a piece of text, as written: "+61 3 5382 1100", "(03) 5382 1100",
 * "03 5092 1450", "0412 345 678". An ABN (11 digits in groups, no leading 0 or +) is not one.
 */
const PHONE = /(?:\+\d{1,3}(?:[\s-]?\(?\d\)?){8,11}|\(0\d\)\s?\d{4}\s?\d{4}|\b0\d(?:[\s-]?\d){8})(?!\d)/;
export function phoneIn(s: string): string {
  return PHONE.exec(s)?.[0].trim() ?? '';
}
