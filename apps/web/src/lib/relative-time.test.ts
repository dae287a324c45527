import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2024-03-15T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000);

describe('formatRelativeTime (docs/product.md#constants)', () => {
  it("says 'now' at 0 seconds, in English and Japanese", () => {
    expect(formatRelativeTime(ago(0), { now })).toBe('now');
    expect(formatRelativeTime(ago(0), { now, locale: 'ja' })).toBe('今');
  });

  it('counts seconds under a minute', () => {
    expect(formatRelativeTime(ago(1), { now })).toBe('1 second ago');
    expect(formatRelativeTime(ago(59), { now })).toBe('59 seconds ago');
    expect(formatRelativeTime(ago(59), { now, locale: 'ja' })).toBe('59 秒前');
  });

  it('counts minutes from 60 seconds to under an hour', () => {
    expect(formatRelativeTime(ago(60), { now })).toBe('1 minute ago');
    expect(formatRelativeTime(ago(3599), { now })).toBe('59 minutes ago');
  });

  it('counts hours from an hour to under a day', () => {
    expect(formatRelativeTime(ago(3600), { now })).toBe('1 hour ago');
    expect(formatRelativeTime(ago(86399), { now, locale: 'ja' })).toBe('23 時間前');
  });

  it('counts days from a day to under 30 days', () => {
    expect(formatRelativeTime(ago(86400), { now })).toBe('1 day ago');
    expect(formatRelativeTime(ago(29 * 86400 + 86399), { now })).toBe('29 days ago');
  });

  it('shows a medium date in New York time from 30 days on', () => {
    // 2024-02-14T02:00Z is still 13 February in New York.
    const date = new Date('2024-02-14T02:00:00Z');
    expect(formatRelativeTime(date, { now })).toBe('Feb 13, 2024');
    expect(formatRelativeTime(date, { now, timeZone: null })).toBe('Feb 13, 2024');
    expect(formatRelativeTime(date, { now, locale: 'ja' })).toBe('2024/02/13');
  });

  it('uses the given time zone for the date when there is one', () => {
    const date = new Date('2024-02-14T02:00:00Z');
    expect(formatRelativeTime(date, { now, timeZone: 'Asia/Tokyo' })).toBe('Feb 14, 2024');
  });

  it('accepts ISO strings and reads future instants forwards', () => {
    expect(formatRelativeTime('2024-03-15T11:55:00Z', { now })).toBe('5 minutes ago');
    expect(formatRelativeTime(new Date(now + 120_000), { now })).toBe('in 2 minutes');
  });
});
