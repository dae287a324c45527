import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayOfWeek,
  daysBetween,
  isoWithOffset,
  parsePlainDate,
  parsePlainTime,
  startOfZonedDay,
  zonedDate,
  zonedDateTime,
  zonedToInstant,
  zoneOffsetMinutes,
} from './zoned-time';

const NY = 'America/New_York';
const TOKYO = 'Asia/Tokyo';

describe('zoned wall-clock arithmetic', () => {
  it('reads the wall clock of an instant in a zone', () => {
    const instant = Date.parse('2026-01-15T15:30:00Z');
    expect(zonedDateTime(instant, NY)).toMatchObject({ year: 2026, month: 1, day: 15, hour: 10 });
    expect(zonedDateTime(instant, TOKYO)).toMatchObject({ day: 16, hour: 0, minute: 30 });
  });

  it('knows the offset on both sides of a daylight-saving change', () => {
    expect(zoneOffsetMinutes(Date.parse('2026-03-01T12:00:00Z'), NY)).toBe(-300);
    expect(zoneOffsetMinutes(Date.parse('2026-03-10T12:00:00Z'), NY)).toBe(-240);
    expect(zoneOffsetMinutes(Date.parse('2026-03-10T12:00:00Z'), TOKYO)).toBe(540);
  });

  it('turns a local time into the instant, keeping 10:00 across the March change', () => {
    const saturday = zonedToInstant({ year: 2026, month: 3, day: 7, hour: 10, minute: 0 }, NY);
    const sunday = zonedToInstant({ year: 2026, month: 3, day: 8, hour: 10, minute: 0 }, NY);
    expect(new Date(saturday).toISOString()).toBe('2026-03-07T15:00:00.000Z');
    expect(new Date(sunday).toISOString()).toBe('2026-03-08T14:00:00.000Z');
  });

  it('moves a time skipped by spring-forward past the gap, and takes the first repeated time', () => {
    const skipped = zonedToInstant({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, NY);
    expect(isoWithOffset(skipped, NY)).toBe('2026-03-08T03:30:00-04:00');
    const repeated = zonedToInstant({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, NY);
    expect(new Date(repeated).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('writes instants with the offset of the zone at that moment', () => {
    expect(isoWithOffset(Date.parse('2026-07-04T16:00:00Z'), NY)).toBe('2026-07-04T12:00:00-04:00');
    expect(isoWithOffset(Date.parse('2026-07-04T16:00:00Z'), TOKYO)).toBe(
      '2026-07-05T01:00:00+09:00',
    );
    expect(isoWithOffset(Date.parse('2026-07-04T16:00:00Z'), 'UTC')).toBe(
      '2026-07-04T16:00:00+00:00',
    );
  });

  it('finds where a day starts and which day an instant is on', () => {
    expect(new Date(startOfZonedDay({ year: 2026, month: 11, day: 21 }, TOKYO)).toISOString()).toBe(
      '2026-11-20T15:00:00.000Z',
    );
    expect(zonedDate(Date.parse('2026-11-21T03:00:00Z'), NY)).toEqual({
      year: 2026,
      month: 11,
      day: 20,
    });
  });

  it('does calendar arithmetic on plain dates', () => {
    expect(addDays({ year: 2026, month: 12, day: 30 }, 3)).toEqual({
      year: 2027,
      month: 1,
      day: 2,
    });
    expect(addMonths({ year: 2026, month: 1, day: 31 }, 1)).toEqual({
      year: 2026,
      month: 2,
      day: 28,
    });
    expect(dayOfWeek({ year: 2026, month: 11, day: 21 })).toBe(6);
    expect(daysBetween({ year: 2026, month: 3, day: 1 }, { year: 2026, month: 4, day: 1 })).toBe(
      31,
    );
  });

  it('parses dates and times strictly', () => {
    expect(parsePlainDate('2026-02-29')).toBeNull();
    expect(parsePlainDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parsePlainDate('2026-2-1')).toBeNull();
    expect(parsePlainTime('09:05')).toEqual({ hour: 9, minute: 5 });
    expect(parsePlainTime('24:00')).toBeNull();
  });
});
