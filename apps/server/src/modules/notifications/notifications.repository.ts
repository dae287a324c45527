import type { NotificationRecordType } from '@atelier/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../users/users.tables';
import { notifications } from './notifications.tables';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
/** What a notification shows of its sender: public profile fields only. */
export type SenderRow = { id: number; name: string; avatarKey: string | null };
export type NotificationWithSender = NotificationRow & { sender: SenderRow | null };

// The sender's public fields come in the same statement as the notification (a join, not a
// query per row). Reading these three columns of `users` is the one place this module touches
// another module's table; it writes nothing there.
const withSender = {
  notification: notifications,
  senderId: users.id,
  senderName: users.name,
  senderAvatarKey: users.avatarKey,
};

type JoinedRow = {
  notification: NotificationRow;
  senderId: number | null;
  senderName: string | null;
  senderAvatarKey: string | null;
};

function toNotificationWithSender(row: JoinedRow): NotificationWithSender {
  const sender =
    row.senderId !== null && row.senderName !== null
      ? { id: row.senderId, name: row.senderName, avatarKey: row.senderAvatarKey }
      : null;
  return { ...row.notification, sender };
}

export async function insertNotification(db: Db, values: NewNotificationRow): Promise<number> {
  const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function findNotificationWithSender(
  db: Db,
  id: number,
): Promise<NotificationWithSender | undefined> {
  const [row] = await db
    .select(withSender)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.senderId))
    .where(eq(notifications.id, id));
  return row && toNotificationWithSender(row);
}

/** One page of a recipient's notifications, newest first, and how many they have in all. */
export async function listNotificationsOfRecipient(
  db: Db,
  recipientId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: NotificationWithSender[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(withSender)
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.senderId))
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
  return { rows: rows.map(toNotificationWithSender), total: totalRow?.total ?? 0 };
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
