import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { klassGroupSchedules } from './classes.tables';

// Seats (docs/architecture.md#orders-and-payments): capacity lives on the schedule row; locking
// that row is what serialises everyone who takes seats of the schedule.

/**
 * Locks the schedules (ordered by id, so two orders naming the same schedules queue instead of
 * deadlocking) until the transaction ends, and returns their capacities.
 */
export async function lockScheduleCapacityRows(
  db: Db,
  scheduleIds: number[],
): Promise<Map<number, number>> {
  if (scheduleIds.length === 0) return new Map();
  const rows = await db
    .select({ id: klassGroupSchedules.id, capacity: klassGroupSchedules.capacity })
    .from(klassGroupSchedules)
    .where(inArray(klassGroupSchedules.id, scheduleIds))
    .orderBy(asc(klassGroupSchedules.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r.capacity]));
}
