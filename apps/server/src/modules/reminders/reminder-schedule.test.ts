import { describe, expect, it } from 'vitest';
import { dueDigestWeek } from './reminder-schedule';

const at = (iso: string) => new Date(iso);

describe('the weekly digest’s moment', () => {
  it('is due from Sunday 6 PM in the family’s zone, for the week starting the next day', () => {
    const ny = 'America/New_York';
    expect(dueDigestWeek(at('2026-07-12T21:59:00Z'), ny)).toBeNull(); // Sun 5:59 PM EDT
    expect(dueDigestWeek(at('2026-07-12T22:00:00Z'), ny)).toEqual({
      weekStart: '2026-07-13',
      from: at('2026-07-13T04:00:00Z'),
      to: at('2026-07-20T04:00:00Z'),
    });
    // Still on Monday (a server down on Sunday evening), listing only what is left.
    expect(dueDigestWeek(at('2026-07-13T15:00:00Z'), ny)).toEqual({
      weekStart: '2026-07-13',
      from: at('2026-07-13T15:00:00Z'),
      to: at('2026-07-20T04:00:00Z'),
    });
    expect(dueDigestWeek(at('2026-07-14T15:00:00Z'), ny)).toBeNull();
  });

  it('follows the family’s own zone: Sunday 6 PM in Tokyo is Sunday morning in New York', () => {
    expect(dueDigestWeek(at('2026-07-12T09:00:00Z'), 'Asia/Tokyo')?.weekStart).toBe('2026-07-13');
    expect(dueDigestWeek(at('2026-07-12T09:00:00Z'), 'America/New_York')).toBeNull();
  });

  it('ends a week at local midnight across a daylight-saving change (a 169-hour week)', () => {
    const week = dueDigestWeek(at('2026-10-25T22:30:00Z'), 'America/New_York');
    expect(week?.weekStart).toBe('2026-10-26');
    expect(week?.to).toEqual(at('2026-11-02T05:00:00Z'));
  });
});
