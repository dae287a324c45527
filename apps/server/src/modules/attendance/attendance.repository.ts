import type { AttendanceStatus } from '@atelier/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attendances } from './attendance.tables';

// Attendance's own table: the marks. Sessions and schedules come from the classes module, who may
// be marked and a family's rows from a read model (attendance.context.ts).

export type Mark = {
  klassId: number;
  attendeeProfileId: number;
  status: AttendanceStatus;
  updatedAt: Date;
};

/** The marks of some sessions (all attendees, enrolled or not: the caller picks). */
export function marksOfKlasses(db: Db, klassIds: number[]): Promise<Mark[]> {
  if (klassIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      klassId: attendances.klassId,
      attendeeProfileId: attendances.attendeeProfileId,
      status: attendances.status,
      updatedAt: attendances.updatedAt,
    })
    .from(attendances)
    .where(inArray(attendances.klassId, klassIds));
}

/**
 * Saves a session's marks in one transaction: `null` takes a mark back (deleted), anything else is
 * upserted on (session, attendee). A mark saved again unchanged is left alone, so saving twice
 * changes neither the row nor who marked it when.
 */
export async function saveMarks(
  db: Db,
  klassId: number,
  marks: { attendeeProfileId: number; status: AttendanceStatus | null }[],
  markedById: number,
  at: Date,
): Promise<void> {
  const cleared = marks.filter((m) => m.status === null).map((m) => m.attendeeProfileId);
  const set = marks.flatMap((m) =>
    m.status === null
      ? []
      : [
          {
            klassId,
            attendeeProfileId: m.attendeeProfileId,
            status: m.status,
            markedById,
            createdAt: at,
            updatedAt: at,
          },
        ],
  );
  await db.transaction(async (tx) => {
    if (cleared.length > 0) {
      await tx
        .delete(attendances)
        .where(
          and(eq(attendances.klassId, klassId), inArray(attendances.attendeeProfileId, cleared)),
        );
    }
    if (set.length > 0) {
      await tx
        .insert(attendances)
        .values(set)
        .onConflictDoUpdate({
          target: [attendances.klassId, attendances.attendeeProfileId],
          set: {
            status: sql`excluded.status`,
            markedById: sql`excluded.marked_by_id`,
            updatedAt: sql`excluded.updated_at`,
          },
          setWhere: sql`${attendances.status} is distinct from excluded.status`,
        });
    }
  });
}
