import { and, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { classRemindersSent, reminderDigestsSent } from './reminders.tables';

// The reminders' own tables: which reminders and digests went out. Who is due one spans classes,
// enrollments and users, a read model's query the context carries (docs/architecture.md#class-reminders).

/** The families (of `userIds`) whose digest of the week starting `weekStart` already went out. */
export async function digestedFamilies(
  db: Db,
  userIds: number[],
  weekStarts: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: reminderDigestsSent.userId, weekStart: reminderDigestsSent.weekStart })
    .from(reminderDigestsSent)
    .where(
      and(
        inArray(reminderDigestsSent.userId, userIds),
        inArray(reminderDigestsSent.weekStart, weekStarts),
      ),
    );
  return new Set(rows.map((r) => `${r.userId}:${r.weekStart}`));
}

/**
 * Claims the reminder of one class for one family: true for the one caller whose row landed.
 * A second process's insert waits for the first's transaction and then does nothing.
 */
export async function claimClassReminder(tx: Tx, klassId: number, userId: number) {
  const rows = await tx
    .insert(classRemindersSent)
    .values({ klassId, userId })
    .onConflictDoNothing()
    .returning({ id: classRemindersSent.id });
  return rows.length > 0;
}

/** Claims one family's digest of one week, as claimClassReminder does. */
export async function claimDigest(tx: Tx, userId: number, weekStart: string) {
  const rows = await tx
    .insert(reminderDigestsSent)
    .values({ userId, weekStart })
    .onConflictDoNothing()
    .returning({ id: reminderDigestsSent.id });
  return rows.length > 0;
}
