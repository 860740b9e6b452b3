import { formatDate, formatDateTime, parseDay } from './dates';

describe('one date format', () => {
  it('writes day/month/year in both languages, never month first', () => {
    expect(formatDate('en', '2026-03-04T10:00:00.000Z')).toBe('04/03/2026');
    expect(formatDate('vn', '2026-03-04T10:00:00.000Z')).toBe('04/03/2026');
  });
  it('shows a calendar day as that day in any time zone, and nothing for no date', () => {
    expect(formatDate('en', '2026-12-31')).toBe('31/12/2026');
    expect(formatDate('vn', null)).toBe('');
    expect(formatDate('en', 'not a date')).toBe('');
  });
  it('adds the local time, 24-hour', () => {
    const at = new Date(2026, 2, 4, 17, 5);
    expect(formatDateTime('en', at)).toBe('04/03/2026 17:05');
    expect(formatDateTime('vn', at.toISOString())).toBe('04/03/2026 17:05');
  });
});

describe('a day as typed', () => {
  it('reads day/month/year (any of / . - between) and a calendar day, and nothing else', () => {
    expect(parseDay('5/1/2027')).toBe('2027-01-05');
    expect(parseDay(' 05.01.2027 ')).toBe('2027-01-05');
    expect(parseDay('05-01-2027')).toBe('2027-01-05');
    expect(parseDay('2027-01-05')).toBe('2027-01-05');
    expect(parseDay('31/02/2027')).toBeNull(); // no such day
    expect(parseDay('05/01/27')).toBeNull(); // the year in full
    expect(parseDay('01/05/2027 ')).toBe('2027-05-01'); // day first, never month first
    expect(parseDay('February 2027')).toBeNull();
  });
});
