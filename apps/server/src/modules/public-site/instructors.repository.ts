import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { klassGroupSchedules } from '../classes/classes.tables';
import { users } from '../users/users.tables';

/** What the instructors page shows of a teacher: never the e-mail address. */
export type InstructorRow = {
  id: number;
  name: string;
  avatarKey: string | null;
  bio: string | null;
};

/**
 * Every teacher, and every admin who teaches a schedule, by name (then id): one statement. The
 * school's staff is a handful of people, so the page is not paged.
 */
export function listInstructors(db: Db): Promise<InstructorRow[]> {
  const teachesASchedule = sql`exists (select 1 from ${klassGroupSchedules} where ${klassGroupSchedules.teacherId} = ${users.id})`;
  return db
    .select({ id: users.id, name: users.name, avatarKey: users.avatarKey, bio: users.bio })
    .from(users)
    .where(or(eq(users.role, 'teacher'), sql`(${users.role} = 'admin' and ${teachesASchedule})`))
    .orderBy(asc(users.name), asc(users.id));
}
