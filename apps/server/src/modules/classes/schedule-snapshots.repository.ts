import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { klasses, klassGroupSchedules } from './classes.tables';

// What an order's snapshot keeps of a schedule beyond the cart's view of it: who teaches it and
// the sessions still ahead (docs/architecture.md#orders).

/** Schedule id → its teacher's user id (null: none), for these schedules. */
export async function teacherIdsOfSchedules(
  db: Db,
  scheduleIds: number[],
): Promise<Map<number, number | null>> {
  const rows = await db
    .select({ id: klassGroupSchedules.id, teacherId: klassGroupSchedules.teacherId })
    .from(klassGroupSchedules)
    .where(inArray(klassGroupSchedules.id, scheduleIds));
  return new Map(rows.map((r) => [r.id, r.teacherId]));
}

/** The scheduled sessions of these schedules starting from `at` on, earliest first. */
export function scheduledKlassesFrom(db: Db, scheduleIds: number[], at: Date) {
  return db
    .select({
      scheduleId: klasses.scheduleId,
      startsAt: klasses.startsAt,
      endsAt: klasses.endsAt,
    })
    .from(klasses)
    .where(
      and(
        inArray(klasses.scheduleId, scheduleIds),
        gte(klasses.startsAt, at),
        eq(klasses.status, 'scheduled'),
      ),
    )
    .orderBy(asc(klasses.startsAt));
}
