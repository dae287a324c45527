import type { Slot } from '@atelier/contract';
import { parsePlainDate } from '../../lib/zoned-time';

// Dates and times of the admin screens through Intl, in the UI language. Instants are shown in
// the viewer's time zone; the dates and weekly times a schedule was typed in are zone-free.

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    cache.set(key, found);
  }
  return found;
}

/** ISO weekday 1 (Monday) … 7 (Sunday) as a name: 'Mon', '月'. */
export function weekdayName(weekday: number, locale: string, width: 'short' | 'long' = 'short') {
  // 2024-01-01 was a Monday.
  return formatter(locale, { weekday: width, timeZone: 'UTC' }).format(Date.UTC(2024, 0, weekday));
}

/** A zone-free `YYYY-MM-DD` as a medium date: 'Mar 14, 2026'. */
export function formatPlainDate(text: string, locale: string): string {
  const date = parsePlainDate(text);
  if (!date) return text;
  return formatter(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
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
  return formatter(locale, {
    timeZone: zone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).formatRange(start, end);
}

/** The weekly times: 'Sat 10:00–12:00, Wed 16:00–17:30'. */
export function formatSlots(slots: Slot[], locale: string): string {
  return slots
    .map((slot) => `${weekdayName(slot.weekday, locale)} ${slot.start_time}–${slot.end_time}`)
    .join(', ');
}
