import { describe, expect, it } from 'vitest';
import { formatInstantRange, formatPlainDate, weekdayName } from './format-date';

describe('date formatting in the UI language', () => {
  it('names ISO weekdays from Monday', () => {
    expect(weekdayName(1, 'en')).toBe('Mon');
    expect(weekdayName(7, 'en', 'long')).toBe('Sunday');
  });

  it('shows a zone-free date as the calendar date it names, whatever the zone', () => {
    expect(formatPlainDate('2026-03-14', 'en')).toBe('Mar 14, 2026');
    expect(formatPlainDate('not a date', 'en')).toBe('not a date');
  });

  it('shows a start and end instant in the given zone', () => {
    expect(
      formatInstantRange(
        '2026-03-14T14:00:00.000Z',
        '2026-03-14T16:00:00.000Z',
        'America/New_York',
        'en',
      ),
    ).toMatch(/^Sat, Mar 14, 2026, 10:00\sAM\s–\s12:00\sPM$/);
  });
});
