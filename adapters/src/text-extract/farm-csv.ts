import Papa from 'papaparse';
import { CsvRowChecker, normalizeCsvHeader, type CsvCheck } from '@grain/domain';

/** The bytes as UTF-8 text, or null when they are not (invalid sequences or a NUL byte). */
export function utf8Text(b: Uint8Array): string | null {
  if (b.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return null;
  }
}

/**
 * A farm CSV's rows checked by the domain's row rules (first row = header, headers normalized as the
 * old importer did) on the company's calendar day `today` (yyyy-mm-dd: a production date after it is
 * refused, as by hand), or null when the file is not UTF-8 text. Runs in an extraction thread
 * (`readFarmCsvOffThread`): parsing and checking 5,000 rows is a few hundred milliseconds of work that
 * would otherwise hold the API's thread.
 */
export function readFarmCsv(file: Uint8Array, today: string): CsvCheck | null {
  const text = utf8Text(file);
  if (text === null) return null;
  const checker = new CsvRowChecker(today);
  Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: normalizeCsvHeader,
    step: (r, parser) => {
      if (!checker.add(r.data)) parser.abort();
    },
  });
  return checker.result();
}
