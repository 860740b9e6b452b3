import { readFarmCsvOffThread } from '@grain/adapters';
import { AppError, message, type CsvFarmRow, type Language } from '@grain/domain';

/**
 * Reads an uploaded farm CSV (first row = header, headers normalized as the old importer did) and
 * applies the row rules on the company's day `today` (the rule the hand-entered form uses), in an extraction thread: parsing and checking thousands of rows would hold
 * this thread for hundreds of milliseconds (the responsiveness bench's longest stretches). Any failing
 * row refuses the whole file: the AppError lists every failing row with its message, so the person can
 * fix them all at once.
 */
export async function parseFarmCsv(data: Buffer, lang: Language, today: string): Promise<CsvFarmRow[]> {
  const checked = await readFarmCsvOffThread(data, today);
  if (!checked) throw new AppError('CSV_READ_ERROR');
  const { rows, errors } = checked;
  if (errors.length > 0) {
    const first = errors[0];
    throw new AppError(first.code, { rows: errors.slice(0, 200).map((e) => ({ ...e, message: message(e.code, lang) })), failed: errors.length });
  }
  return rows;
}
