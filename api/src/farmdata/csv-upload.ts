import Papa from 'papaparse';
import { utf8Text } from '../http/file-checks';
import { AppError, checkCsvRows, message, normalizeCsvHeader, type CsvFarmRow, type Language } from '@grain/domain';

/**
 * Reads an uploaded farm CSV (first row = header, headers normalized as the old importer did) and
 * applies the spec 001 §5 row rules. Any failing row refuses the whole file: the AppError lists every
 * failing row with its message, so the person can fix them all at once.
 */
export function parseFarmCsv(data: Buffer, lang: Language): CsvFarmRow[] {
  const text = utf8Text(data);
  if (text === null) throw new AppError('CSV_READ_ERROR');
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true, skipEmptyLines: 'greedy', transformHeader: normalizeCsvHeader,
  });
  const { rows, errors } = checkCsvRows(parsed.data);
  if (errors.length > 0) {
    const first = errors[0];
    throw new AppError(first.code, { rows: errors.slice(0, 200).map((e) => ({ ...e, message: message(e.code, lang) })), failed: errors.length });
  }
  return rows;
}
