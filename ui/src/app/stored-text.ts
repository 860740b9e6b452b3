import { LEGACY_DEFAULT_SUMMARY } from '@grain/domain';

/**
 * A certificate's summary or a document's description as stored. An empty field is stored empty; rows
 * written by the old system hold the English placeholder "default summary" instead, which is read as
 * empty, so it is neither shown as if someone wrote it nor saved back.
 */
export function storedText(text: string | null | undefined): string {
  return text === LEGACY_DEFAULT_SUMMARY ? '' : (text ?? '');
}
