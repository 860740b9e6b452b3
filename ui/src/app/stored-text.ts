import { DEFAULT_SUMMARY } from '@grain/domain';
import { useI18n } from '../i18n/i18n';

type T = (key: string) => string;

/**
 * Texts the server stores in English when the user left a field empty (DEFAULT_SUMMARY: a certificate's
 * summary, a document's description). They stay stored as they are; the screen shows them in the UI
 * language, and a form hands an untouched translation back as the stored value.
 */
export function showStored(text: string | null | undefined, t: T): string {
  return text === DEFAULT_SUMMARY ? t('stored.defaultSummary') : (text ?? '');
}

/** The value to send for a field that was shown with showStored: the translation turns back into the stored default. */
export function toStored(text: string, t: T): string {
  return text.trim() === t('stored.defaultSummary') ? DEFAULT_SUMMARY : text;
}

/** showStored / toStored in the current UI language. */
export function useStoredText() {
  const { t } = useI18n();
  return { show: (text: string | null | undefined) => showStored(text, t), toStored: (text: string) => toStored(text, t) };
}
