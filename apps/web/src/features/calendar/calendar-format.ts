import { dateTimeFormat } from '../../lib/date-formatter';
import { type PlainDate, parsePlainDate } from '../../lib/zoned-time';

const utcOf = (date: PlainDate) => Date.UTC(date.year, date.month - 1, date.day);

/** '10:00 AM – 12:00 PM' in `zone`. */
export function formatTimeRange(startsAt: string, endsAt: string, zone: string, locale: string) {
  return dateTimeFormat(locale, { timeZone: zone, hour: 'numeric', minute: '2-digit' }).formatRange(
    Date.parse(startsAt),
    Date.parse(endsAt),
  );
}

/** '10:00 AM' in `zone`. */
export function formatTime(instant: string, zone: string, locale: string): string {
  return dateTimeFormat(locale, { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(
    Date.parse(instant),
  );
}

/**
 * '22:30' in `zone`: the month grid's time on a phone, where a 48px day column cannot hold
 * '10:30 PM' and an ellipsis would cut its digits. 24-hour in every language, so it stays short.
 */
export function formatTimeCompact(instant: string, zone: string, locale: string): string {
  return dateTimeFormat(locale, {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(Date.parse(instant));
}

/** A day key `YYYY-MM-DD` as 'Saturday, March 14, 2026'. */
export function formatDayLong(key: string, locale: string): string {
  const date = parsePlainDate(key);
  return date
    ? dateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(utcOf(date))
    : key;
}

/** 'Sat, Mar 14' for a week column. */
export function formatDayShort(key: string, locale: string): string {
  const date = parsePlainDate(key);
  return date
    ? dateTimeFormat(locale, {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }).format(utcOf(date))
    : key;
}

/** 'March 2026'. */
export function formatMonth(date: PlainDate, locale: string): string {
  return dateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    utcOf(date),
  );
}

/** 'Mar 8 – 14, 2026'. */
export function formatDayRange(first: PlainDate, last: PlainDate, locale: string): string {
  return dateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).formatRange(utcOf(first), utcOf(last));
}

/** Weekday names from Sunday: 'Sun' … 'Sat'. */
export function weekdayHeaders(locale: string, width: 'short' | 'long' = 'short'): string[] {
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_v, i) =>
    dateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + i)),
  );
}
