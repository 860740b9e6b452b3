import { DEFAULT_LEVEL_NAMES, farmDocumentNumber, GRAIN_TYPES, LEGACY_DEFAULT_SUMMARY } from '@grain/domain';
import { translate } from '../i18n/i18n';

const LANGUAGES = ['en', 'vn'] as const;

/**
 * A certificate's summary or a document's description as stored. An empty field is stored empty; rows
 * written by the old system hold the English placeholder "default summary" instead, which is read as
 * empty, so it is neither shown as if someone wrote it nor saved back.
 */
export function storedText(text: string | null | undefined): string {
  return text === LEGACY_DEFAULT_SUMMARY ? '' : (text ?? '');
}

/**
 * Words the system itself stored in English: the default names of the three levels of a new certificate,
 * the grain types and the name of a primary document made from a farm record. Shown in the reader's
 * language; a name someone typed is shown as typed.
 */
export function storedWord(text: string | null | undefined, t: (key: string, vars?: Record<string, string | number>) => string): string {
  const v = text ?? '';
  const farmRecord = farmDocumentNumber(v);
  if (farmRecord) return `${t('stored.farmDocument')} ${farmRecord}`;
  const level = DEFAULT_LEVEL_NAMES.indexOf(v);
  if (level >= 0) return t(`stored.level.${level + 1}`);
  const added = NEW_LEVEL_NAME.exec(v);
  if (added) return t('stored.level.n', { n: added[1] });
  if ((GRAIN_TYPES as readonly string[]).includes(v)) return t(`stored.grain.${v}`);
  return v;
}

/** The name the create form gives a level added after the three defaults (form-model's newLevel). */
const NEW_LEVEL_NAME = /^Approval Level (\d+)$/;
export const newLevelName = (n: number) => `Approval Level ${n}`;

/**
 * A level name as typed in the form, back to what is stored: a default name shown in either language
 * ("Ký dữ liệu nông trại", "Cấp phê duyệt 4") is stored as the default, so every reader sees it in their
 * own language; any other name is stored as typed.
 */
export function storedLevelName(typed: string): string {
  for (const lang of LANGUAGES) {
    const level = DEFAULT_LEVEL_NAMES.findIndex((_name, i) => translate(lang, `stored.level.${i + 1}`) === typed);
    if (level >= 0) return DEFAULT_LEVEL_NAMES[level];
    const [before, after] = translate(lang, 'stored.level.n', { n: '\u0000' }).split('\u0000');
    if (typed.startsWith(before) && typed.endsWith(after) && /^\d+$/.test(typed.slice(before.length, typed.length - after.length)))
      return newLevelName(Number(typed.slice(before.length, typed.length - after.length)));
  }
  return typed;
}

/** The default groups of a company (the demo's and the registration roles) by the role name a user holds. */
const DEFAULT_ROLES = ['admin', 'manager', 'staff', 'signer'];

/**
 * A user's role as shown: a company's default groups in the reader's language (admin "Administrator",
 * docs/spec/approvals.md §4), a group the company named itself as named.
 */
export function storedRole(role: string | null | undefined, t: (key: string) => string): string {
  const v = role ?? '';
  return DEFAULT_ROLES.includes(v) ? t(`stored.role.${v}`) : v;
}
