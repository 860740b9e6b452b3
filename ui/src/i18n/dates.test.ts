import { formatDate, formatDateTime } from './dates';

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
