import {
  addDays,
  addMonths,
  dayOfWeek,
  formatPlainDate,
  type PlainDate,
  parsePlainDate,
  startOfZonedDay,
  zonedDate,
} from '../../lib/zoned-time';

// Which days a calendar view shows, and which instants to ask the API for, in the user's zone.

export const CALENDAR_VIEWS = ['month', 'week', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export function isCalendarView(value: unknown): value is CalendarView {
  return typeof value === 'string' && (CALENDAR_VIEWS as readonly string[]).includes(value);
}

/** The days a view shows: `days` consecutive days from `first`. */
export type DayRange = { first: PlainDate; days: number };

/** Weeks start on Sunday, as calendars in the US and Japan print them. */
function startOfWeek(date: PlainDate): PlainDate {
  return addDays(date, -dayOfWeek(date));
}

function daysInMonth(date: PlainDate): number {
  return new Date(Date.UTC(date.year, date.month, 0)).getUTCDate();
}

/**
 * Month: the whole weeks covering the anchor's month. Week: the Sunday-to-Saturday week of the
 * anchor. List: the anchor's month, day by day.
 */
export function visibleDays(view: CalendarView, anchor: PlainDate): DayRange {
  const firstOfMonth = { ...anchor, day: 1 };
  if (view === 'week') return { first: startOfWeek(anchor), days: 7 };
  if (view === 'list') return { first: firstOfMonth, days: daysInMonth(anchor) };
  const first = startOfWeek(firstOfMonth);
  const lead = dayOfWeek(firstOfMonth);
  return { first, days: Math.ceil((lead + daysInMonth(anchor)) / 7) * 7 };
}

/** The API's `[from, to)` for a range of days in `zone` (each day from its own midnight). */
export function rangeQuery(range: DayRange, zone: string): { from: string; to: string } {
  return {
    from: new Date(startOfZonedDay(range.first, zone)).toISOString(),
    to: new Date(startOfZonedDay(addDays(range.first, range.days), zone)).toISOString(),
  };
}

/** The anchor one view-length earlier (-1) or later (+1). */
export function shiftAnchor(view: CalendarView, anchor: PlainDate, direction: -1 | 1): PlainDate {
  return view === 'week' ? addDays(anchor, 7 * direction) : addMonths(anchor, direction);
}

/** Every day of a range as `YYYY-MM-DD`. */
export function dayKeys(range: DayRange): string[] {
  return Array.from({ length: range.days }, (_v, i) => formatPlainDate(addDays(range.first, i)));
}

/** Sessions by the day they start on in `zone`, each day in time order. */
export function byDay<T extends { starts_at: string }>(
  klasses: T[],
  zone: string,
): Map<string, T[]> {
  const days = new Map<string, T[]>();
  const sorted = [...klasses].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  for (const klass of sorted) {
    const key = formatPlainDate(zonedDate(Date.parse(klass.starts_at), zone));
    const list = days.get(key);
    if (list) list.push(klass);
    else days.set(key, [klass]);
  }
  return days;
}

/** The `?date=` of the URL, else today in the user's zone. */
export function anchorFrom(text: string | null, zone: string, now: number): PlainDate {
  return (text ? parsePlainDate(text) : null) ?? zonedDate(now, zone);
}
