import { searchFarmRecords } from './farm-search';

const record = (number: string, grainType = 'Wheat', storageLocation = 'Silo 3, Junee', harvestGrade = 'APW') => ({
  number,
  grainType,
  storageLocation,
  harvestGrade,
});

describe('the farm records the picker lists', () => {
  const many = Array.from({ length: 25 }, (_, i) => record(String(1001 + i)));

  it('lists the first 20 when nothing (or only spaces) is typed', () => {
    expect(searchFarmRecords(many, '').map((r) => r.number)).toEqual(many.slice(0, 20).map((r) => r.number));
    expect(searchFarmRecords(many, '   ')).toHaveLength(20);
  });

  it('finds a record by its number, grain type, storage location or grade, in any case and anywhere in the text', () => {
    const records = [record('2001'), record('2002', 'Corn', 'Shed 1, Dubbo', 'FEED'), record('2003', 'Barley', 'Bunker, Moree', 'MALT1')];
    expect(searchFarmRecords(records, '2002').map((r) => r.number)).toContain('2002');
    expect(searchFarmRecords(records, 'corn').map((r) => r.number)).toEqual(['2002']);
    expect(searchFarmRecords(records, 'Moree').map((r) => r.number)).toEqual(['2003']);
    expect(searchFarmRecords(records, 'FEED').map((r) => r.number)).toEqual(['2002']);
    expect(searchFarmRecords(records, 'barley').map((r) => r.number)).toEqual(['2003']);
    expect(searchFarmRecords(records, 'Junee').map((r) => r.number)).toEqual(['2001']);
    expect(searchFarmRecords(records, 'sorghum')).toEqual([]);
  });

  it('lists at most 20 matches', () => {
    expect(searchFarmRecords(many, 'Wheat')).toHaveLength(20);
  });
});
