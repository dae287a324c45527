import { dateTimeFormat } from './date-formatter';
import { parsePlainDate } from './zoned-time';

// Dates and times through Intl in the UI language: instants in the viewer's (or a given) zone,
// zone-free dates (`YYYY-MM-DD`, as typed for a schedule) as the calendar date they name.

/** ISO weekday 1 (Monday) … 7 (Sunday) as a name: 'Mon', '月'. */
export function weekdayName(weekday: number, locale: string, width: 'short' | 'long' = 'short') {
  // 2024-01-01 was a Monday.
  return dateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, weekday),
  );
}

/** A zone-free `YYYY-MM-DD` as a medium date: 'Mar 14, 2026'. */
export function formatPlainDate(text: string, locale: string): string {
  const date = parsePlainDate(text);
  if (!date) return text;
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.UTC(date.year, date.month - 1, date.day),
  );
}

/** A start and end instant in `zone`: 'Sat, Mar 14, 2026, 10:00 AM – 12:00 PM'. */
export function formatInstantRange(
  startsAt: string,
  endsAt: string,
  zone: string,
  locale: string,
): string {
  const start = Date.parse(startsAt);
  const end = Date.parse(endsAt);
  return dateTimeFormat(locale, {
    timeZone: zone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).formatRange(start, end);
}
