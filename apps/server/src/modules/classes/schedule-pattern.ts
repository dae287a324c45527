import { DateTime } from 'luxon';

/** The parts of a schedule that decide its sessions. Dates and times are local to `timeZone`. */
export type Pattern = {
  timeZone: string;
  startDate: string;
  endDate: string;
  slots: { weekday: number; start_time: string; end_time: string }[];
  exceptionDates: string[];
};

/** A session a pattern makes: UTC instants, and the local date/times they came from. */
export type PlannedKlass = {
  startsAt: Date;
  endsAt: Date;
  localDate: string;
  weekday: number;
  startTime: string;
  endTime: string;
};

export type PlannedSchedule = {
  klasses: PlannedKlass[];
  /** Exception dates that fell on a weekday of the pattern (each once, in order). */
  skippedDates: string[];
  /** True when the pattern makes more than `limit` sessions; `klasses` then stops at limit + 1. */
  overLimit: boolean;
};

const at = (date: DateTime, time: string) =>
  date.set({ hour: Number(time.slice(0, 2)), minute: Number(time.slice(3, 5)) });

/**
 * Lays a weekly pattern over the days from start to end (inclusive), in the pattern's time zone:
 * each session keeps its local wall-clock time whatever the UTC offset that day (DST), because
 * the instant is computed from the local date and time in the zone, not by adding weeks to an
 * instant. A local time that does not exist on a spring-forward day moves forward by the gap
 * (02:30 → 03:30), as luxon resolves it. Exception dates make no session.
 */
export function planKlasses(pattern: Pattern, limit = Number.POSITIVE_INFINITY): PlannedSchedule {
  const exceptions = new Set(pattern.exceptionDates);
  const slots = [...pattern.slots].sort((a, b) => a.start_time.localeCompare(b.start_time));
  const weekdays = new Set(slots.map((s) => s.weekday));
  const klasses: PlannedKlass[] = [];
  const skippedDates: string[] = [];
  const last = DateTime.fromISO(pattern.endDate, { zone: pattern.timeZone });
  for (
    let day = DateTime.fromISO(pattern.startDate, { zone: pattern.timeZone });
    day <= last;
    day = day.plus({ days: 1 })
  ) {
    if (!weekdays.has(day.weekday)) continue;
    const localDate = day.toISODate() as string;
    if (exceptions.has(localDate)) {
      skippedDates.push(localDate);
      continue;
    }
    for (const slot of slots) {
      if (slot.weekday !== day.weekday) continue;
      if (klasses.length > limit) return { klasses, skippedDates, overLimit: true };
      klasses.push({
        startsAt: at(day, slot.start_time).toJSDate(),
        endsAt: at(day, slot.end_time).toJSDate(),
        localDate,
        weekday: day.weekday,
        startTime: slot.start_time,
        endTime: slot.end_time,
      });
    }
  }
  return { klasses, skippedDates, overLimit: klasses.length > limit };
}
