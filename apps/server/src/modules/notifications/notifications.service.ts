import type {
  MarkAllReadResponse,
  NotificationDocument,
  NotificationListDocument,
  NotificationRecordType,
  UnreadCountResponse,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { pageMeta, pageWindow } from '../../lib/http';
import type { PubSub } from '../../pubsub/pubsub';
import type { ImageStore } from '../../storage/images';
import { type DbExecutor, peopleByIds } from '../users';
import {
  type AvatarUrl,
  type NotificationWithSender,
  notificationDocument,
  notificationListDocument,
} from './notification-resource';
import { notificationsTopic } from './notifications.channel';
import {
  countUnreadNotifications,
  findNotification,
  insertNotification,
  listNotificationsOfRecipient,
  markAllNotificationsRead as markAllRead,
  markNotificationRead as markRead,
  type NotificationRow,
} from './notifications.repository';

export type NotifyInput = {
  recipientId: number;
  /** Who caused it (the commenter, the teacher); null or absent for the school itself. */
  senderId?: number | null;
  title: string;
  content: string;
  /** What it is about; the web opens the page of this record (docs/product.md#routes-and-screens "Notifications dialog"). */
  record: { type: NotificationRecordType; id: number };
};

/**
 * The notifications with their senders' public fields, asked of the users module in one query
 * for the whole set (docs/architecture.md#repository-layout-and-layers).
 */
async function withSenders(
  db: DbExecutor,
  rows: NotificationRow[],
): Promise<NotificationWithSender[]> {
  const senderIds = rows.flatMap((row) => (row.senderId === null ? [] : [row.senderId]));
  const people = await peopleByIds(db, senderIds);
  return rows.map((row) => {
    const person = row.senderId === null ? undefined : people.get(row.senderId);
    const sender = person
      ? { id: person.id, name: person.name, avatarKey: person.avatarKey }
      : null;
    return { ...row, sender };
  });
}

/** One notification with its sender; undefined for no such notification. */
async function findNotificationWithSender(
  db: Db,
  id: number,
): Promise<NotificationWithSender | undefined> {
  const row = await findNotification(db, id);
  if (!row) return undefined;
  const [withSender] = await withSenders(db, [row]);
  return withSender;
}

/**
 * Who a notification for `userId` goes to: that user, and when the user is a family account, its
 * second guardians too (decision 071). The family module answers it; app.ts hands it over.
 */
export type FamilyRecipients = (userId: number) => Promise<number[]>;

declare module 'fastify' {
  interface FastifyInstance {
    /** See FamilyRecipients; decorated by app.ts. */
    familyRecipients?: FamilyRecipients;
  }
}

/** What notify() needs; a Fastify instance (`app`, `request.server`) has all of it. */
export type NotifyDeps = {
  db: Db;
  pubsub: PubSub;
  log?: { warn(obj: object, msg: string): void };
  /** The app's image store (`app.images`): gives the sender's avatar its URL. */
  images?: Pick<ImageStore, 'urls'>;
  /** Without it, a notification goes to its recipient alone. */
  familyRecipients?: FamilyRecipients;
};

/** The avatar URL the rest of the API shows for a user: the square thumbnail. */
export const avatarUrlFrom =
  (images: Pick<ImageStore, 'urls'>): AvatarUrl =>
  (key) =>
    images.urls(key).thumbUrl;

/**
 * Stores a notification for its recipient (and, for a family, for each of its guardians), then
 * pushes it to every socket each of them holds, on any server process (NotificationsChannel).
 * Call it after the change it reports has committed, not inside that transaction: a rolled-back
 * change must not have been announced. Returns the named recipient's notification document.
 */
export async function notify(deps: NotifyDeps, input: NotifyInput): Promise<NotificationDocument> {
  const recipients = deps.familyRecipients
    ? await deps.familyRecipients(input.recipientId)
    : [input.recipientId];
  let first: NotificationDocument | undefined;
  for (const recipientId of new Set([input.recipientId, ...recipients])) {
    const document = await notifyOne(deps, { ...input, recipientId });
    first ??= document;
  }
  if (!first) throw new Error('notification has no recipient');
  return first;
}

async function notifyOne(deps: NotifyDeps, input: NotifyInput): Promise<NotificationDocument> {
  const id = await insertNotification(deps.db, {
    recipientId: input.recipientId,
    senderId: input.senderId ?? null,
    title: input.title,
    content: input.content,
    recordType: input.record.type,
    recordId: input.record.id,
  });
  const row = await findNotificationWithSender(deps.db, id);
  if (!row) throw new Error(`notification ${id} vanished after insert`);
  const document = notificationDocument(row, deps.images && avatarUrlFrom(deps.images));
  try {
    await deps.pubsub.publish(notificationsTopic(input.recipientId), document);
  } catch (err) {
    // The notification is stored: the recipient sees it on the next list or badge fetch. A
    // pub/sub outage must not fail the comment or feedback that caused it.
    deps.log?.warn({ err, notificationId: id }, 'notification stored but not broadcast');
  }
  return document;
}

/** One page of the user's notifications, newest first, senders included. */
export async function listNotifications(
  db: Db,
  userId: number,
  page: number,
  avatarUrl?: AvatarUrl,
): Promise<NotificationListDocument> {
  const { rows, total } = await listNotificationsOfRecipient(db, userId, pageWindow(page));
  return notificationListDocument(await withSenders(db, rows), pageMeta(page, total), avatarUrl);
}

/** Marks one of the user's own notifications read; anyone else's is "not found", not "forbidden". */
export async function markNotificationRead(
  db: Db,
  userId: number,
  notificationId: number,
  avatarUrl?: AvatarUrl,
): Promise<NotificationDocument> {
  // Answering 404 for another user's notification does not reveal that the id exists.
  if (!(await markRead(db, userId, notificationId, new Date()))) throw notFound('Notification');
  const row = await findNotificationWithSender(db, notificationId);
  if (!row) throw notFound('Notification');
  return notificationDocument(row, avatarUrl);
}

export async function markAllNotificationsRead(
  db: Db,
  userId: number,
): Promise<MarkAllReadResponse> {
  const updated = await markAllRead(db, userId, new Date());
  return { data: null, meta: { updated } };
}

export async function unreadNotificationCount(
  db: Db,
  userId: number,
): Promise<UnreadCountResponse> {
  return { data: await countUnreadNotifications(db, userId) };
}
