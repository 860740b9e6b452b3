import { checkCsvRows, CsvRowChecker, CSV_MAX_ROWS, normalizeCsvHeader } from './csv-rules';
import { farmDataInputSchemaFor, parseProductionDate } from './farm-data';

/** The company's day the rows are checked on. */
const TODAY = '2026-11-27';
import { generateHarvest } from './autogenerate';
import { message } from '../messages';

const good = {
  item: '1',
  grainType: 'Wheat',
  harvestGrade: 'APH',
  storageLocation: 'Silo 1',
  quantity: '1200',
  protein: '12.5',
  moisture: '10.25',
  productionDate: '01/11/2025',
};

describe('farm CSV row rules (docs/spec/farm-data-and-documents.md §5)', () => {
  it('accepts a good row and converts its values', () => {
    const { rows, errors } = checkCsvRows([good], TODAY);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        item: '1',
        grainType: 'Wheat',
        harvestGrade: 'APH',
        storageLocation: 'Silo 1',
        quantity: 1200,
        protein: 12.5,
        moisture: 10.25,
        productionDate: '2025-11-01',
      },
    ]);
  });

  it('gives each failing row the spec message', () => {
    const { rows, errors } = checkCsvRows(
      [
        good,
        { ...good, grainType: 'Rice' },
        { ...good, harvestGrade: 'XYZ' },
        { ...good, storageLocation: '' },
        { ...good, quantity: '12.5' },
        { ...good, moisture: 'wet' },
        { ...good, protein: '1e3' },
      ],
      TODAY,
    );
    expect(rows).toHaveLength(1);
    expect(errors.map((e) => [e.row, message(e.code)])).toEqual([
      [2, 'CSV format data error'],
      [3, 'CSV format data error'],
      [4, 'CSV format data error'],
      [5, 'Quantity must be an integer'],
      [6, 'Moisture must be a number'],
      [7, 'Protein must be a number'],
    ]);
  });

  it('refuses a file with no data rows', () => {
    expect(checkCsvRows([{ item: '', grainType: '' }], TODAY).errors).toEqual([{ row: 0, code: 'CSV_EMPTY' }]);
    expect(message('CSV_EMPTY')).toBe('Upload farm csv data file error');
  });

  it('checks records one at a time, skipping empty ones, and stops reading past the row limit', () => {
    const checker = new CsvRowChecker(TODAY);
    expect(checker.add({ item: ' ', grainType: '' })).toBe(true);
    expect(checker.add(good)).toBe(true);
    expect(checker.add({ ...good, quantity: 'x' })).toBe(true);
    expect(checker.result().errors).toEqual([{ row: 2, code: 'QUANTITY_NOT_INTEGER' }]);
    const big = new CsvRowChecker(TODAY);
    let accepted = 0;
    while (big.add(good)) accepted++;
    expect(accepted).toBe(CSV_MAX_ROWS);
    expect(big.result()).toEqual({ rows: [], errors: [{ row: CSV_MAX_ROWS + 1, code: 'CSV_FORMAT_ERROR' }] });
  });

  it('normalizes headers by replacing non-word characters', () => {
    expect(normalizeCsvHeader(' storage-Location ')).toBe('storage_Location');
    expect(normalizeCsvHeader('grainType')).toBe('grainType');
  });

  it('reads production dates as dd/MM/yyyy or yyyy-mm-dd and refuses impossible ones', () => {
    expect(parseProductionDate('31/12/2025')).toBe('2025-12-31');
    expect(parseProductionDate('2025-2-3')).toBe('2025-02-03');
    expect(parseProductionDate('31/02/2025')).toBeNull();
    expect(parseProductionDate('12/31/2025')).toBeNull();
  });

  it('generates streaming records that pass the input schema', () => {
    let seed = 7;
    const rng = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 50; i++) {
      const g = generateHarvest(rng, new Date('2025-11-20T00:00:00Z'));
      expect(farmDataInputSchemaFor('2025-11-20').safeParse({ ...g, dataType: 'Streaming' }).success).toBe(true);
      expect(g.productionDate <= '2025-11-20' && g.productionDate > '2025-10-20').toBe(true);
    }
  });
});
