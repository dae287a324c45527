import { describe, expect, it } from 'vitest';
import {
  anchorFrom,
  byDay,
  dayKeys,
  rangeQuery,
  shiftAnchor,
  visibleDays,
} from './calendar-layout';

describe('calendar layout', () => {
  it('covers whole Sunday-to-Saturday weeks of the month', () => {
    // March 2026 starts on a Sunday and has 31 days: five weeks.
    expect(visibleDays('month', { year: 2026, month: 3, day: 14 })).toEqual({
      first: { year: 2026, month: 3, day: 1 },
      days: 35,
    });
    // November 2026 starts on a Sunday too; May 2026 starts on a Friday: six weeks.
    expect(visibleDays('month', { year: 2026, month: 5, day: 1 })).toEqual({
      first: { year: 2026, month: 4, day: 26 },
      days: 42,
    });
    expect(visibleDays('week', { year: 2026, month: 3, day: 11 })).toEqual({
      first: { year: 2026, month: 3, day: 8 },
      days: 7,
    });
    expect(visibleDays('list', { year: 2026, month: 2, day: 11 })).toEqual({
      first: { year: 2026, month: 2, day: 1 },
      days: 28,
    });
  });

  it('asks for the range from midnight to midnight in the user’s zone', () => {
    const march = visibleDays('month', { year: 2026, month: 3, day: 1 });
    expect(rangeQuery(march, 'America/New_York')).toEqual({
      from: '2026-03-01T05:00:00.000Z',
      to: '2026-04-05T04:00:00.000Z',
    });
    expect(rangeQuery(march, 'Asia/Tokyo')).toEqual({
      from: '2026-02-28T15:00:00.000Z',
      to: '2026-04-04T15:00:00.000Z',
    });
  });

  it('files sessions under the day they start on in the zone, in time order', () => {
    const late = { id: 'late', starts_at: '2026-03-08T03:30:00.000Z' };
    const early = { id: 'early', starts_at: '2026-03-07T15:00:00.000Z' };
    expect([...byDay([late, early], 'America/New_York')]).toEqual([['2026-03-07', [early, late]]]);
    expect([...byDay([late, early], 'Asia/Tokyo')]).toEqual([['2026-03-08', [early, late]]]);
  });

  it('moves by a week or a month, and starts from today in the zone', () => {
    expect(shiftAnchor('week', { year: 2026, month: 3, day: 30 }, 1)).toEqual({
      year: 2026,
      month: 4,
      day: 6,
    });
    expect(shiftAnchor('month', { year: 2026, month: 1, day: 31 }, 1)).toEqual({
      year: 2026,
      month: 2,
      day: 28,
    });
    const now = Date.parse('2026-11-21T02:00:00Z');
    expect(anchorFrom(null, 'America/New_York', now)).toEqual({ year: 2026, month: 11, day: 20 });
    expect(anchorFrom('2026-02-30', 'Asia/Tokyo', now)).toEqual({ year: 2026, month: 11, day: 21 });
    expect(anchorFrom('2026-02-03', 'Asia/Tokyo', now)).toEqual({ year: 2026, month: 2, day: 3 });
    expect(dayKeys({ first: { year: 2026, month: 2, day: 27 }, days: 3 })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });
});
