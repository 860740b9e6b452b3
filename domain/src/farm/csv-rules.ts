import { GRAIN_TYPES, HARVEST_GRADES, type GrainType, type HarvestGrade } from '../constants';
import type { MessageCode } from '../messages';
import { parseProductionDate, productionDateProblem, type HarvestFields } from './farm-data';

/** Header text as the old importer keyed it: every non-word character becomes an underscore. */
export function normalizeCsvHeader(h: string): string {
  return h.trim().replace(/\W/g, '_');
}

export interface CsvFarmRow extends HarvestFields {
  item: string;
}

export interface CsvRowError {
  /** 1-based data row number (the header is row 0). */
  row: number;
  code: MessageCode;
}

export interface CsvCheck {
  rows: CsvFarmRow[];
  errors: CsvRowError[];
}

const REQUIRED = ['item', 'grainType', 'harvestGrade', 'storageLocation', 'protein', 'moisture', 'productionDate'] as const;
const INTEGER_RE = /^\d{1,12}$/;
const FLOAT_RE = /^\d{1,6}(\.\d{1,4})?$/;

/**
 * Spec 001 §5 per-row rules: required fields and the grain type / grade lists give 'CSV format data
 * error'; a production date that cannot be true on `today` (the company's calendar day) says so as
 * the hand-entered form does (productionDateProblem); then quantity, moisture and protein each have
 * their own message. A row reports its first failure. Rows that are entirely empty (a trailing
 * newline) are skipped.
 */
export function checkCsvRow(raw: Record<string, unknown>, row: number, today: string): CsvFarmRow | CsvRowError {
  const v = (k: string) => (raw[k] === undefined || raw[k] === null ? '' : String(raw[k]).trim());
  for (const k of REQUIRED) if (v(k) === '') return { row, code: 'CSV_FORMAT_ERROR' };
  if (!(GRAIN_TYPES as readonly string[]).includes(v('grainType'))) return { row, code: 'CSV_FORMAT_ERROR' };
  if (!(HARVEST_GRADES as readonly string[]).includes(v('harvestGrade'))) return { row, code: 'CSV_FORMAT_ERROR' };
  const productionDate = parseProductionDate(v('productionDate'));
  if (!productionDate) return { row, code: 'CSV_FORMAT_ERROR' };
  const dateProblem = productionDateProblem(productionDate, today);
  if (dateProblem) return { row, code: dateProblem };
  if (!INTEGER_RE.test(v('quantity'))) return { row, code: 'QUANTITY_NOT_INTEGER' };
  if (!FLOAT_RE.test(v('moisture'))) return { row, code: 'MOISTURE_NOT_FLOAT' };
  if (Number(v('moisture')) > 100) return { row, code: 'MOISTURE_OUT_OF_RANGE' };
  if (!FLOAT_RE.test(v('protein'))) return { row, code: 'PROTEIN_NOT_FLOAT' };
  if (Number(v('protein')) > 100) return { row, code: 'PROTEIN_OUT_OF_RANGE' };
  return {
    item: v('item').slice(0, 100),
    grainType: v('grainType') as GrainType,
    harvestGrade: v('harvestGrade') as HarvestGrade,
    storageLocation: v('storageLocation').slice(0, 500),
    quantity: Number(v('quantity')),
    protein: Number(v('protein')),
    moisture: Number(v('moisture')),
    productionDate,
  };
}

/** Maximum data rows in one CSV upload; beyond it the file is refused as a whole. */
export const CSV_MAX_ROWS = 5000;

/**
 * Checks CSV records one at a time as a parser yields them, so a file is validated while it streams.
 * Entirely empty records are skipped and not numbered. `add` answers false once the file has more
 * than CSV_MAX_ROWS records: the file is refused as a whole and the rest need not be read.
 */
export class CsvRowChecker {
  /** `today`: the company's calendar day (yyyy-mm-dd) the rows' production dates are checked against. */
  constructor(private readonly today: string) {}
  private readonly rows: CsvFarmRow[] = [];
  private readonly errors: CsvRowError[] = [];
  private seen = 0;
  private tooMany = false;

  add(record: Record<string, unknown>): boolean {
    if (this.tooMany) return false;
    if (!Object.values(record).some((x) => x !== undefined && x !== null && String(x).trim() !== '')) return true;
    this.seen++;
    if (this.seen > CSV_MAX_ROWS) {
      this.tooMany = true;
      return false;
    }
    const res = checkCsvRow(record, this.seen, this.today);
    if ('code' in res) this.errors.push(res);
    else this.rows.push(res);
    return true;
  }

  /** No records at all is 'Upload farm csv data file error'. Nothing is saved unless `errors` is empty. */
  result(): CsvCheck {
    if (this.tooMany) return { rows: [], errors: [{ row: CSV_MAX_ROWS + 1, code: 'CSV_FORMAT_ERROR' }] };
    if (this.seen === 0) return { rows: [], errors: [{ row: 0, code: 'CSV_EMPTY' }] };
    return { rows: this.rows, errors: this.errors };
  }
}

/** Checks parsed CSV records (objects keyed by normalized header) all at once, on the company's day `today`. */
export function checkCsvRows(records: Array<Record<string, unknown>>, today: string): CsvCheck {
  const checker = new CsvRowChecker(today);
  for (const r of records) if (!checker.add(r)) break;
  return checker.result();
}
