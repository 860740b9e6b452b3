import { DEFAULT_LEVEL_NAMES, farmDocumentNumber, GRAIN_TYPES, LEGACY_DEFAULT_SUMMARY } from '@grain/domain';

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
export function storedWord(text: string | null | undefined, t: (key: string) => string): string {
  const v = text ?? '';
  const farmRecord = farmDocumentNumber(v);
  if (farmRecord) return `${t('stored.farmDocument')} ${farmRecord}`;
  const level = DEFAULT_LEVEL_NAMES.indexOf(v);
  if (level >= 0) return t(`stored.level.${level + 1}`);
  if ((GRAIN_TYPES as readonly string[]).includes(v)) return t(`stored.grain.${v}`);
  return v;
}
