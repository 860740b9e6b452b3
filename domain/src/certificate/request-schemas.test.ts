import { dueDateInput, levelUpdateInput } from './request-schemas';

/** The due-date rule at a fixed moment: 2030-06-15 10:00 UTC. */
const NOW = Date.parse('2030-06-15T10:00:00.000Z');
const verdict = (s: string) => {
  const r = dueDateInput.safeParse(s);
  return r.success ? 'ok' : r.error.issues[0].message;
};

beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW));
afterEach(() => jest.restoreAllMocks());

describe('due dates', () => {
  it.each([
    ['2030-06-15', 'ok'],
    ['2030-06-16', 'ok'],
    ['2030-12-31', 'ok'],
    ['2030-06-15T10:30:00Z', 'ok'],
    ['2030-06-15T17:30:00+07:00', 'ok'],
    // still today in the last time zone (UTC-12) until 12:00 UTC the next day
    ['2030-06-14', 'ok'],
    ['2030-06-13', 'DATE_IN_PAST'],
    ['2030-06-15T09:00:00Z', 'DATE_IN_PAST'],
    ['2029-12-31', 'DATE_IN_PAST'],
    ['2030-13-40', 'INVALID_DATE'],
    ['2030-11-31', 'INVALID_DATE'],
    ['2030-02-29', 'INVALID_DATE'],
    ['soon', 'INVALID_DATE'],
    ['', 'INVALID_DATE'],
    ['2030-6-20', 'INVALID_DATE'],
    ['2030-06-20T24:00:00Z', 'INVALID_DATE'],
    ['2030-06-20T10:00:00', 'INVALID_DATE'],
    ['20300620', 'INVALID_DATE'],
  ])('%s: %s', (s, want) => expect(verdict(s)).toBe(want));

  it('is past once the day is over everywhere', () => {
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2030-06-15T12:00:00.000Z'));
    expect(verdict('2030-06-14')).toBe('DATE_IN_PAST');
  });

  it('is the rule of a level edit too, under both spellings', () => {
    expect(levelUpdateInput.safeParse({ deadline: '2030-13-40' }).success).toBe(false);
    expect(levelUpdateInput.safeParse({ dealine: '2030-06-01' }).success).toBe(false);
    expect(levelUpdateInput.safeParse({ dealine: '2030-07-01' }).success).toBe(true);
  });
});
