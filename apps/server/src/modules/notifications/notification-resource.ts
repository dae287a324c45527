import {
  listDocument,
  type NotificationDocument,
  type NotificationListDocument,
  type NotificationResource,
  type PageMeta,
  resourceDocument,
} from '@atelier/contract';
import type { NotificationRow } from './notifications.repository';

/** What a notification shows of its sender: public profile fields only. */
export type SenderRow = { id: number; name: string; avatarKey: string | null };
/** A notification with its sender (null for the school itself, or a sender since deleted). */
export type NotificationWithSender = NotificationRow & { sender: SenderRow | null };

/** Turns a stored avatar key into a URL; the storage that holds avatars provides it. */
export type AvatarUrl = (avatarKey: string) => string;

type SenderResource = NonNullable<NotificationDocument['included']>[number];

export function notificationResource(row: NotificationWithSender): NotificationResource {
  return {
    id: String(row.id),
    type: 'notifications',
    attributes: {
      title: row.title,
      content: row.content,
      read: row.readAt !== null,
      created_at: row.createdAt.toISOString(),
    },
    relationships: {
      sender: { data: row.sender ? { id: String(row.sender.id), type: 'users' } : null },
      record: { data: { id: String(row.recordId), type: row.recordType } },
    },
  };
}

function senderResource(sender: SenderRow, avatarUrl?: AvatarUrl): SenderResource {
  return {
    id: String(sender.id),
    type: 'users',
    attributes: {
      name: sender.name,
      avatar_url: sender.avatarKey && avatarUrl ? avatarUrl(sender.avatarKey) : null,
    },
  };
}

/** The senders of `rows` (the document builders include each once). */
function senders(rows: NotificationWithSender[], avatarUrl?: AvatarUrl): SenderResource[] {
  return rows.flatMap((row) => (row.sender ? [senderResource(row.sender, avatarUrl)] : []));
}

/** One notification with its sender included: an API body and the NotificationsChannel message. */
export function notificationDocument(
  row: NotificationWithSender,
  avatarUrl?: AvatarUrl,
): NotificationDocument {
  return resourceDocument(notificationResource(row), senders([row], avatarUrl));
}

export function notificationListDocument(
  rows: NotificationWithSender[],
  meta: PageMeta,
  avatarUrl?: AvatarUrl,
): NotificationListDocument {
  return listDocument(rows.map(notificationResource), meta, senders(rows, avatarUrl));
}
