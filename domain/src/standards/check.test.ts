import { checkAgainstStandard, failedRequirements, seasonOf, STANDARD_SETS } from './check';
import { SOURCES } from './sources';
import type { StandardSet } from './types';

describe('checkAgainstStandard', () => {
  it('passes a wheat APW record with protein 11.5 % and moisture 11 %, naming the standard and its season', () => {
    const check = checkAgainstStandard({ grainType: 'Wheat', harvestGrade: 'APW', protein: 11.5, moisture: 11 });
    expect(check).toEqual({
      result: 'pass',
      grainType: 'Wheat',
      harvestGrade: 'APW',
      grade: 'APW1',
      standardId: 'AU-GRAIN-2025/26',
      standardName: expect.stringContaining('GTA'),
      season: '2025/26',
      requirements: [
        { measure: 'protein', measured: 11.5, min: 10.5, pass: true, source: 'asxWaWheat' },
        { measure: 'moisture', measured: 11, max: 12.5, pass: true, source: 'cbhReceival2025' },
      ],
    });
  });

  it('fails a record claiming APH with protein 11.5 %, saying which requirement and by how much', () => {
    const check = checkAgainstStandard({ grainType: 'Wheat', harvestGrade: 'APH', protein: 11.5, moisture: 11 });
    expect(check.result).toBe('fail');
    expect(failedRequirements(check)).toEqual([{ measure: 'protein', measured: 11.5, min: 13, pass: false, source: 'qclAph2023' }]);
  });

  it.each([
    ['APW at the protein floor', { grainType: 'Wheat', harvestGrade: 'APW', protein: 10.5, moisture: 12.5 }, 'pass', []],
    ['APW just under the floor', { grainType: 'Wheat', harvestGrade: 'APW', protein: 10.4, moisture: 11 }, 'fail', ['protein']],
    ['ASW has no protein minimum', { grainType: 'Wheat', harvestGrade: 'ASW', protein: 8, moisture: 12 }, 'pass', []],
    ['ASW too wet', { grainType: 'Wheat', harvestGrade: 'ASW', protein: 8, moisture: 12.6 }, 'fail', ['moisture']],
    ['APH too wet and too low', { grainType: 'Wheat', harvestGrade: 'APH', protein: 12, moisture: 13 }, 'fail', ['protein', 'moisture']],
    ['feed barley at 13.5 % moisture', { grainType: 'Barley', harvestGrade: 'FEED', protein: 11.5, moisture: 13.5 }, 'pass', []],
    ['feed barley at 14 % moisture', { grainType: 'Barley', harvestGrade: 'FEED', protein: 11.5, moisture: 14 }, 'fail', ['moisture']],
    ['a missing measurement fails its requirement', { grainType: 'Wheat', harvestGrade: 'APW', protein: 11 }, 'fail', ['moisture']],
  ])('%s', (_name, record, result, failed) => {
    const check = checkAgainstStandard(record);
    expect(check.result).toBe(result);
    expect(failedRequirements(check).map((r) => r.measure)).toEqual(failed);
  });

  it.each([
    [{ grainType: 'Corn', harvestGrade: 'FEED', protein: 9, moisture: 12 }],
    [{ grainType: 'Categorical', harvestGrade: 'APH', protein: 9, moisture: 12 }],
    [{ grainType: 'Barley', harvestGrade: 'APH', protein: 9, moisture: 12 }],
    [{ grainType: 'Wheat', harvestGrade: 'FEED', protein: 9, moisture: 12 }],
    [{ grainType: 'Wheat', harvestGrade: 'ADR', protein: 14, moisture: 10 }],
    [{}],
  ])('has no standard on file for %j and says so', (record) => {
    expect(checkAgainstStandard(record)).toMatchObject({ result: 'noStandard', reason: 'grade', standardId: 'AU-GRAIN-2025/26' });
  });

  it('answers noStandard for a season with no set on file, and uses the asked season when it is on file', () => {
    const record = { grainType: 'Wheat', harvestGrade: 'APW', protein: 11.5, moisture: 11 };
    expect(checkAgainstStandard(record, '2019/20')).toEqual({
      result: 'noStandard',
      reason: 'season',
      grainType: 'Wheat',
      harvestGrade: 'APW',
      season: '2019/20',
    });
    expect(checkAgainstStandard(record, '2025/26')).toMatchObject({ result: 'pass', season: '2025/26' });
  });

  it('picks the set of the asked season among several', () => {
    const older: StandardSet = {
      ...STANDARD_SETS[0],
      id: 'OLD',
      season: '2024/25',
      grades: [{ grainType: 'Wheat', harvestGrade: 'APW', grade: 'APW1', requirements: [{ measure: 'protein', min: 12, source: 'asxWaWheat' }] }],
    };
    const record = { grainType: 'Wheat', harvestGrade: 'APW', protein: 11.5, moisture: 11 };
    expect(checkAgainstStandard(record, '2024/25', [STANDARD_SETS[0], older])).toMatchObject({ result: 'fail', standardId: 'OLD' });
    expect(checkAgainstStandard(record, undefined, [STANDARD_SETS[0], older])).toMatchObject({ result: 'pass', standardId: 'AU-GRAIN-2025/26' });
  });
});

describe('standards data', () => {
  it('cites a known source for every requirement, and has one entry per type and grade', () => {
    for (const set of STANDARD_SETS) {
      const keys = set.grades.map((g) => `${g.grainType}/${g.harvestGrade}`);
      expect(new Set(keys).size).toBe(keys.length);
      for (const r of set.grades.flatMap((g) => g.requirements)) expect(SOURCES[r.source]).toBeDefined();
    }
  });
  it('versions each set by the season it starts on 1 August', () => {
    for (const set of STANDARD_SETS) expect(seasonOf(set.effectiveFrom)).toBe(set.season);
  });
});

describe('seasonOf', () => {
  it.each([
    ['2025-08-01', '2025/26'],
    ['2026-07-31', '2025/26'],
    ['2026-11-23', '2026/27'],
    ['2099-12-01', '2099/00'],
  ])('%s is in %s', (d, s) => expect(seasonOf(d)).toBe(s));
});
