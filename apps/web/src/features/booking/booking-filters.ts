import { dateTimeFormat } from '../../lib/date-formatter';
import type { BookableProgramme, BookableSchedule } from './catalogue-api';

// The booking page's own filters (docs/product.md#booking-and-the-cart): the catalogue filters audience and
// format itself; attendee age, weekday and time of day are applied here, on what it answered.

export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

export type PageFilters = {
  /** Whole years; null: any. */
  age: number | null;
  /** ISO weekday 1 (Monday) … 7; null: any. */
  weekday: number | null;
  timeOfDay: TimeOfDay | null;
};

const WEEKDAY_NUMBER: Record<string, number> = {
  Mon: 1,
  Tue: 2,
  Wed: 3,
  Thu: 4,
  Fri: 5,
  Sat: 6,
  Sun: 7,
};

/** The weekday (1–7) and hour (0–23) of an instant in `zone`. */
export function weekdayAndHour(instant: string, zone: string): { weekday: number; hour: number } {
  const parts = dateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(Date.parse(instant));
  const weekday = WEEKDAY_NUMBER[parts.find((p) => p.type === 'weekday')?.value ?? ''] ?? 0;
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0) % 24;
  return { weekday, hour };
}

/** Morning before noon, afternoon until 5 pm, evening after. */
export function timeOfDayOf(hour: number): TimeOfDay {
  if (hour < 12) return 'morning';
  if (hour < 17) return 'afternoon';
  return 'evening';
}

/** Full years of someone born on `birthday` on `day` (both YYYY-MM-DD), as the server counts. */
export function ageOn(birthday: string, day: string): number {
  const [by = 0, bm = 0, bd = 0] = birthday.split('-').map(Number);
  const [y = 0, m = 0, d = 0] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Whether `age` is inside a programme's ages (a missing bound is no bound). */
export function fitsAges(
  programme: { min_age: number | null; max_age: number | null },
  age: number,
) {
  return (
    (programme.min_age === null || age >= programme.min_age) &&
    (programme.max_age === null || age <= programme.max_age)
  );
}

/**
 * Whether a schedule matches the weekday and time of day: one of its upcoming sessions falls on
 * that weekday at that time of day in the viewer's zone (the times the page shows).
 */
export function scheduleMatches(schedule: BookableSchedule, filters: PageFilters, zone: string) {
  if (filters.weekday === null && filters.timeOfDay === null) return true;
  return schedule.klasses.some((klass) => {
    const { weekday, hour } = weekdayAndHour(klass.starts_at, zone);
    return (
      (filters.weekday === null || weekday === filters.weekday) &&
      (filters.timeOfDay === null || timeOfDayOf(hour) === filters.timeOfDay)
    );
  });
}

/** The programmes that match, each with only its matching schedules; none left, none shown. */
export function filterProgrammes(
  programmes: BookableProgramme[],
  filters: PageFilters,
  zone: string,
): BookableProgramme[] {
  return programmes.flatMap((programme) => {
    if (filters.age !== null && !fitsAges(programme, filters.age)) return [];
    const schedules = programme.klass_group_schedules.filter((s) =>
      scheduleMatches(s, filters, zone),
    );
    return schedules.length > 0 ? [{ ...programme, klass_group_schedules: schedules }] : [];
  });
}
