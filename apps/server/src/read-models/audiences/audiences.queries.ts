import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollments } from '../../modules/enrollments/enrollments.tables';
import { attendeeProfiles, users } from '../../modules/users/users.tables';

/** A family account a notice goes to, with the language it reads. */
export type Family = { id: number; locale: string | null };

/** The families with a child actively enrolled in the schedule, each once. */
export function familiesEnrolledIn(db: Db, scheduleId: number): Promise<Family[]> {
  return db
    .selectDistinct({ id: users.id, locale: users.locale })
    .from(enrollments)
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, enrollments.attendeeProfileId))
    .innerJoin(users, eq(users.id, attendeeProfiles.userId))
    .where(and(eq(enrollments.scheduleId, scheduleId), eq(enrollments.status, 'active')));
}
