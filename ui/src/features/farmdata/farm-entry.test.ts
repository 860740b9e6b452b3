import { DEFAULT_GRAIN_TYPE, DEFAULT_HARVEST_GRADE } from '@grain/domain';
import { farmEntryErrors, newFarmEntry } from './farm-entry';

const today = '2026-11-27';
const filled = { ...newFarmEntry(today), storageLocation: 'Silo 3', quantity: '860', protein: '11.5', moisture: '11' };

describe('a farm record typed by hand', () => {
  it('starts with the default grain and grade, produced today', () => {
    expect(newFarmEntry(today)).toEqual({
      grainType: DEFAULT_GRAIN_TYPE,
      harvestGrade: DEFAULT_HARVEST_GRADE,
      storageLocation: '',
      quantity: '',
      protein: '',
      moisture: '',
      productionDate: '27/11/2026',
    });
  });

  it('may be saved once every field is filled', () => {
    expect(farmEntryErrors(filled, today)).toEqual({});
  });

  it('names each field that is wrong with its message code', () => {
    const errors = farmEntryErrors({ ...newFarmEntry(today), protein: 'lots' }, today);
    expect(Object.keys(errors).sort()).toEqual(['moisture', 'protein', 'quantity', 'storageLocation']);
    for (const code of Object.values(errors)) expect(code).toMatch(/^[A-Z_]+$/);
  });

  it('refuses a production date after today', () => {
    expect(Object.keys(farmEntryErrors({ ...filled, productionDate: '28/11/2026' }, today))).toEqual(['productionDate']);
    expect(farmEntryErrors({ ...filled, productionDate: '26/11/2026' }, today)).toEqual({});
  });
});
