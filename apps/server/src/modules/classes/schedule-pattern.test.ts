import { describe, expect, it } from 'vitest';
import { planKlasses } from './schedule-pattern';

const iso = (d: Date) => d.toISOString();

describe('planKlasses', () => {
  it('keeps 10:00–12:00 New York time across the March DST change (UTC offset −5 → −4)', () => {
    const { klasses } = planKlasses({
      timeZone: 'America/New_York',
      startDate: '2026-03-01',
      endDate: '2026-03-15',
      slots: [{ weekday: 7, start_time: '10:00', end_time: '12:00' }],
      exceptionDates: [],
    });
    // 2026-03-08 is the second Sunday of March: clocks go forward at 02:00 that morning.
    expect(klasses.map((k) => [iso(k.startsAt), iso(k.endsAt)])).toEqual([
      ['2026-03-01T15:00:00.000Z', '2026-03-01T17:00:00.000Z'],
      ['2026-03-08T14:00:00.000Z', '2026-03-08T16:00:00.000Z'],
      ['2026-03-15T14:00:00.000Z', '2026-03-15T16:00:00.000Z'],
    ]);
    expect(klasses.map((k) => k.localDate)).toEqual(['2026-03-01', '2026-03-08', '2026-03-15']);
  });

  it('keeps 18:30–20:00 New York time across the November DST change (−4 → −5)', () => {
    const { klasses } = planKlasses({
      timeZone: 'America/New_York',
      startDate: '2026-10-26',
      endDate: '2026-11-06',
      slots: [
        { weekday: 1, start_time: '18:30', end_time: '20:00' },
        { weekday: 5, start_time: '18:30', end_time: '20:00' },
      ],
      exceptionDates: [],
    });
    // 2026-11-01 (Sunday) is the first Sunday of November: clocks go back at 02:00.
    expect(klasses.map((k) => iso(k.startsAt))).toEqual([
      '2026-10-26T22:30:00.000Z', // Monday, EDT
      '2026-10-30T22:30:00.000Z', // Friday, EDT
      '2026-11-02T23:30:00.000Z', // Monday, EST
      '2026-11-06T23:30:00.000Z', // Friday, EST
    ]);
    expect(klasses.every((k) => k.endsAt.getTime() - k.startsAt.getTime() === 90 * 60_000)).toBe(
      true,
    );
  });

  it('a session over the spring-forward night lasts an hour less in real time', () => {
    const { klasses } = planKlasses({
      timeZone: 'America/New_York',
      startDate: '2026-03-08',
      endDate: '2026-03-08',
      slots: [{ weekday: 7, start_time: '01:00', end_time: '04:00' }],
      exceptionDates: [],
    });
    expect(klasses.map((k) => [iso(k.startsAt), iso(k.endsAt)])).toEqual([
      ['2026-03-08T06:00:00.000Z', '2026-03-08T08:00:00.000Z'],
    ]);
  });

  it('skips exception dates and reports the ones that removed a session', () => {
    const result = planKlasses({
      timeZone: 'America/New_York',
      startDate: '2026-11-16',
      endDate: '2026-12-04',
      slots: [{ weekday: 4, start_time: '16:00', end_time: '17:30' }],
      // Thanksgiving (a Thursday) removes a session; a Saturday removes nothing.
      exceptionDates: ['2026-11-26', '2026-11-28'],
    });
    expect(result.klasses.map((k) => k.localDate)).toEqual(['2026-11-19', '2026-12-03']);
    expect(result.skippedDates).toEqual(['2026-11-26']);
  });

  it('makes every slot of a day in time order, inclusive of both end dates', () => {
    const { klasses } = planKlasses({
      timeZone: 'Asia/Tokyo',
      startDate: '2026-06-06',
      endDate: '2026-06-13',
      slots: [
        { weekday: 6, start_time: '14:00', end_time: '15:00' },
        { weekday: 6, start_time: '09:00', end_time: '10:00' },
      ],
      exceptionDates: [],
    });
    expect(klasses.map((k) => iso(k.startsAt))).toEqual([
      '2026-06-06T00:00:00.000Z',
      '2026-06-06T05:00:00.000Z',
      '2026-06-13T00:00:00.000Z',
      '2026-06-13T05:00:00.000Z',
    ]);
  });

  it('stops past the limit and says so', () => {
    const result = planKlasses(
      {
        timeZone: 'UTC',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
          weekday,
          start_time: '09:00',
          end_time: '10:00',
        })),
        exceptionDates: [],
      },
      10,
    );
    expect(result.overLimit).toBe(true);
    expect(result.klasses).toHaveLength(11);
  });
});
