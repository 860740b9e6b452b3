/**
 * A translation table: key -> text per language. Every feature contributes one (features/<x>/i18n.ts);
 * i18n/tables.ts merges them. A module of its own so the tables and the provider that reads them both
 * import it from below.
 */
export type Table = Record<string, { en: string; vn: string }>;
