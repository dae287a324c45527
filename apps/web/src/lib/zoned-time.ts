import { DEFAULT_TIMEZONE, isValidTimeZone } from '@atelier/contract';
import { dateTimeFormat } from './date-formatter';

// Wall-clock arithmetic in an IANA time zone with nothing but Intl: the calendar lays out days in
// the user's zone and the admin screens turn a typed local date and time into an instant. A date
// library would do the same for ~20 KB gzip more in every page that shows a time.

/** A calendar date without a zone: `month` 1–12. */
export type PlainDate = { year: number; month: number; day: number };
/** A wall-clock date and time without a zone. */
export type PlainDateTime = PlainDate & { hour: number; minute: number };

function partFormatter(zone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** The wall-clock date and time of `instant` (ms since the epoch) in `zone`. */
export function zonedDateTime(instant: number, zone: string): PlainDateTime & { second: number } {
  const parts: Record<string, number> = {};
  for (const part of partFormatter(zone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    // Some engines write midnight as 24 even with h23.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at `instant`, in minutes (New York in winter: −300). */
export function zoneOffsetMinutes(instant: number, zone: string): number {
  const local = zonedDateTime(instant, zone);
  const asUtc = Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour,
    local.minute,
    local.second,
  );
  const wholeSeconds = instant - (((instant % 1000) + 1000) % 1000);
  return Math.round((asUtc - wholeSeconds) / 60_000);
}

/**
 * The instant at which the clocks of `zone` show `local`. A time skipped by a spring-forward
 * change lands after the gap (02:30 → 03:30); a repeated autumn time takes its first occurrence.
 */
export function zonedToInstant(local: PlainDateTime, zone: string): number {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  // The offset before and after the guess: they differ only near a change of offset.
  const before = zoneOffsetMinutes(asUtc - 86_400_000, zone);
  const after = zoneOffsetMinutes(asUtc + 86_400_000, zone);
  const candidates = [before, after].map((offset) => asUtc - offset * 60_000);
  const exact = candidates.filter((instant) => {
    const shown = zonedDateTime(instant, zone);
    return (
      shown.year === local.year &&
      shown.month === local.month &&
      shown.day === local.day &&
      shown.hour === local.hour &&
      shown.minute === local.minute
    );
  });
  if (exact.length > 0) return Math.min(...exact);
  // In a gap: keep the wall-clock distance from the change, as clocks moved forward.
  return asUtc - before * 60_000;
}

function pad(n: number, width = 2): string {
  return String(Math.abs(n)).padStart(width, '0');
}

/** `YYYY-MM-DD`. */
export function formatPlainDate(date: PlainDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** `HH:MM` (24-hour). */
export function formatPlainTime(time: { hour: number; minute: number }): string {
  return `${pad(time.hour)}:${pad(time.minute)}`;
}

/** Parses `YYYY-MM-DD`; null for anything else or an impossible date. */
export function parsePlainDate(text: string): PlainDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Parses `HH:MM` (24-hour); null otherwise. */
export function parsePlainTime(text: string): { hour: number; minute: number } | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : null;
}

/** `date` moved by `days` calendar days. */
export function addDays(date: PlainDate, days: number): PlainDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** `date` moved by `months`, clamped to the last day of the target month. */
export function addMonths(date: PlainDate, months: number): PlainDate {
  const first = new Date(Date.UTC(date.year, date.month - 1 + months, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, lastDay) };
}

/** 0 Sunday … 6 Saturday. */
export function dayOfWeek(date: PlainDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: PlainDate, b: PlainDate): number {
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );
}

/** The instant a day starts in `zone` (midnight, or the first minute after a midnight gap). */
export function startOfZonedDay(date: PlainDate, zone: string): number {
  return zonedToInstant({ ...date, hour: 0, minute: 0 }, zone);
}

/** The calendar date `instant` falls on in `zone`. */
export function zonedDate(instant: number, zone: string): PlainDate {
  const { year, month, day } = zonedDateTime(instant, zone);
  return { year, month, day };
}

/**
 * The instant written as ISO 8601 with the zone's offset at that moment, as the API takes
 * instants (`2026-03-08T10:00:00-04:00`).
 */
export function isoWithOffset(instant: number, zone: string): string {
  const local = zonedDateTime(instant, zone);
  const offset = zoneOffsetMinutes(instant, zone);
  const sign = offset < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  return (
    `${formatPlainDate(local)}T${formatPlainTime(local)}:${pad(local.second)}` +
    `${sign}${pad(hours)}:${pad(minutes)}`
  );
}

/** The zone a user's times are shown in: theirs, else America/New_York (docs/product.md#constants). */
export function timeZoneOf(user: { timezone: string | null } | null | undefined): string {
  const zone = user?.timezone;
  return zone && isValidTimeZone(zone) ? zone : DEFAULT_TIMEZONE;
}
