import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollments } from './enrollments.tables';

export type EnrollmentRow = typeof enrollments.$inferSelect;

/** One enrollment by id, locked until the transaction ends (`FOR UPDATE`). */
export async function lockEnrollment(db: Db, id: number): Promise<EnrollmentRow | undefined> {
  const [row] = await db.select().from(enrollments).where(eq(enrollments.id, id)).for('update');
  return row;
}

export async function findEnrollment(db: Db, id: number): Promise<EnrollmentRow | undefined> {
  const [row] = await db.select().from(enrollments).where(eq(enrollments.id, id));
  return row;
}

/** Ends an active enrollment as moved; false when it was not active. */
export async function endEnrollment(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(enrollments)
    .set({ status: 'moved' })
    .where(and(eq(enrollments.id, id), eq(enrollments.status, 'active')))
    .returning({ id: enrollments.id });
  return rows.length > 0;
}

/** Writes one active enrollment and answers its id (undefined: already actively enrolled). */
export async function insertEnrollment(
  db: Db,
  row: {
    scheduleId: number;
    attendeeProfileId: number;
    orderItemId: number | null;
    enrolledFrom: Date;
  },
): Promise<number | undefined> {
  const [made] = await db
    .insert(enrollments)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: enrollments.id });
  return made?.id;
}
