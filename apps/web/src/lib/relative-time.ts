import { DEFAULT_LANGUAGE, DEFAULT_TIMEZONE } from '@atelier/contract';
import { dateTimeFormat } from './date-formatter';

export type RelativeTimeOptions = {
  /** The moment to measure from; the current time by default. */
  now?: Date | number;
  /** BCP 47 locale ('en', 'ja'); English by default. */
  locale?: string;
  /** IANA zone for the absolute date shown past 30 days; America/New_York when absent (docs/product.md#constants). */
  timeZone?: string | null;
};

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;
const MONTH_S = 30 * DAY_S;

/**
 * docs/product.md#constants: 'now' at 0 seconds, then seconds under a minute, minutes under an hour, hours under a
 * day, days under 30 days, and past that a medium date in the user's zone (New York by default).
 * A future instant reads the same way forwards ("in 5 minutes").
 */
export function formatRelativeTime(
  date: Date | string | number,
  { now = Date.now(), locale = DEFAULT_LANGUAGE, timeZone }: RelativeTimeOptions = {},
): string {
  const at = date instanceof Date ? date : new Date(date);
  const elapsedS = Math.trunc((new Date(now).getTime() - at.getTime()) / 1000);
  const absS = Math.abs(elapsedS);
  const sign = elapsedS > 0 ? -1 : 1;

  if (absS >= MONTH_S || Number.isNaN(absS)) {
    return dateTimeFormat(locale, {
      dateStyle: 'medium',
      timeZone: timeZone || DEFAULT_TIMEZONE,
    }).format(at);
  }
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (absS === 0) {
    // 'auto' is what turns 0 seconds into the word for now ('now', '今').
    return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
  }
  if (absS < MINUTE_S) return relative.format(sign * absS, 'second');
  if (absS < HOUR_S) return relative.format(sign * Math.floor(absS / MINUTE_S), 'minute');
  if (absS < DAY_S) return relative.format(sign * Math.floor(absS / HOUR_S), 'hour');
  return relative.format(sign * Math.floor(absS / DAY_S), 'day');
}
