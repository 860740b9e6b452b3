import { checkCsvRows } from './csv-rules';
import { farmDataInputSchemaFor, productionDateProblem } from './farm-data';

const TODAY = '2026-11-27';
const record = (productionDate: string) => ({
  grainType: 'Wheat',
  harvestGrade: 'APW',
  storageLocation: 'Silo 3',
  quantity: '120',
  protein: '11.5',
  moisture: '11',
  productionDate,
});
const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('a production date that cannot be true', () => {
  it('is refused after today (the company’s day) and more than 10 years back, by hand and in a CSV row alike', () => {
    const cases: Array<[string, string | null]> = [
      ['15/11/2099', 'PRODUCTION_DATE_IN_FUTURE'],
      ['28/11/2026', 'PRODUCTION_DATE_IN_FUTURE'],
      ['27/11/2026', null],
      ['2026-11-01', null],
      ['28/11/2016', null],
      ['26/11/2016', 'PRODUCTION_DATE_TOO_OLD'],
      ['01/01/1990', 'PRODUCTION_DATE_TOO_OLD'],
    ];
    for (const [date, problem] of cases) {
      expect([date, messages(farmDataInputSchemaFor(TODAY).safeParse(record(date)))]).toEqual([date, problem ? [problem] : []]);
      const csv = checkCsvRows([{ item: '1', ...record(date) }], TODAY);
      expect([date, csv.errors]).toEqual([date, problem ? [{ row: 1, code: problem }] : []]);
    }
  });
  it('is judged on the day it is where the company is', () => {
    expect(productionDateProblem('2026-11-28', '2026-11-27')).toBe('PRODUCTION_DATE_IN_FUTURE');
    expect(productionDateProblem('2026-11-28', '2026-11-28')).toBeNull();
  });
});
