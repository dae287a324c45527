import type { Db } from '../../db/client';
import {
  type KlassFactsRow,
  type KlassOfSchedule,
  klassFactsRows,
  klassPageRows,
  nextKlassRowTaughtBy,
  type ScheduleFactsRow,
  type StartedKlassRow,
  scheduleFactsRows,
  sessionStartsBetween,
  startedKlassRowsOfSchedules,
} from './klass-facts.repository';

// What other modules ask of schedules and klasses (dated classes): names, teacher, zone, capacity
// and programme, a set of ids at a time (docs/architecture.md#repository-layout-and-layers). A
// transaction may be passed as `db`.

/** A schedule with what other modules show and check of it and of its programme. */
export type ScheduleFacts = ScheduleFactsRow;
/** A session with its schedule (and programme). */
export type KlassFacts = KlassFactsRow;
export type { KlassOfSchedule, StartedKlassRow };

/** The schedules with these ids, by id, in one query; unknown ids are absent. */
export async function scheduleFactsByIds(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, ScheduleFacts>> {
  return new Map((await scheduleFactsRows(db, ids)).map((row) => [row.id, row]));
}

/** The sessions with these ids, by id, in one query; unknown ids are absent. */
export async function klassFactsByIds(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, KlassFacts>> {
  return new Map((await klassFactsRows(db, ids)).map((row) => [row.id, row]));
}

/** A page of a schedule's sessions in time order and their total: two statements. */
export function klassPageOfSchedule(
  db: Db,
  scheduleId: number,
  window: { offset: number; limit: number },
): Promise<{ rows: KlassOfSchedule[]; total: number }> {
  return klassPageRows(db, scheduleId, window);
}

/** The teacher's next scheduled session after `after` (the demo photo box's). */
export function nextKlassTaughtBy(
  db: Db,
  teacherId: number,
  after: Date,
): Promise<{ id: number } | undefined> {
  return nextKlassRowTaughtBy(db, teacherId, after);
}

/**
 * The scheduled sessions of these schedules that started by `now`, latest first, with each
 * schedule's teacher: one query (the demo gallery dates its posts in them).
 */
export function startedKlassesOfSchedules(
  db: Db,
  scheduleIds: readonly number[],
  now: Date,
): Promise<StartedKlassRow[]> {
  return startedKlassRowsOfSchedules(db, scheduleIds, now);
}

/** Scheduled sessions of these schedules starting in `[from, to)` (monthly tuition prorates by them). */
export function scheduledSessionsBetween(
  db: Db,
  scheduleIds: readonly number[],
  from: Date,
  to: Date,
): Promise<{ scheduleId: number; startsAt: Date }[]> {
  return sessionStartsBetween(db, scheduleIds, from, to);
}
