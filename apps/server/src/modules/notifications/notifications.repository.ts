import type { NotificationRecordType } from '@atelier/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from './notifications.tables';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
export async function insertNotification(db: Db, values: NewNotificationRow): Promise<number> {
  const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function findNotification(db: Db, id: number): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

/** One page of a recipient's notifications, newest first, and how many they have in all. */
export async function listNotificationsOfRecipient(
  db: Db,
  recipientId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, recipientId))
      // The id breaks ties between notifications created in the same instant.
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(notifications)
      .where(eq(notifications.recipientId, recipientId)),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/**
 * Marks one of the recipient's notifications read (keeping the first read time); false when the
 * recipient has no notification with that id.
 */
export async function markNotificationRead(
  db: Db,
  recipientId: number,
  id: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/**
 * Marks read the recipient's notifications about one record (a class message the family has
 * opened where the notification led): reading the thing itself counts as reading its notice.
 */
export async function markRecordNotificationsRead(
  db: Db,
  recipientId: number,
  record: { type: NotificationRecordType; id: number },
  at: Date,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        eq(notifications.recordType, record.type),
        eq(notifications.recordId, record.id),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks every unread notification of the recipient read; returns how many changed. */
export async function markAllNotificationsRead(
  db: Db,
  recipientId: number,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function countUnreadNotifications(db: Db, recipientId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}
