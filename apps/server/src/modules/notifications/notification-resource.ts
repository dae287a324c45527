import type {
  NotificationDocument,
  NotificationListDocument,
  NotificationResource,
  PageMeta,
} from '@atelier/contract';
import type { NotificationWithSender, SenderRow } from './notifications.repository';

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

/** Each sender once, in first-seen order. */
function includedSenders(rows: NotificationWithSender[], avatarUrl?: AvatarUrl) {
  const senders = new Map<number, SenderResource>();
  for (const row of rows) {
    if (row.sender && !senders.has(row.sender.id)) {
      senders.set(row.sender.id, senderResource(row.sender, avatarUrl));
    }
  }
  return [...senders.values()];
}

/** One notification with its sender included: an API body and the NotificationsChannel message. */
export function notificationDocument(
  row: NotificationWithSender,
  avatarUrl?: AvatarUrl,
): NotificationDocument {
  const included = includedSenders([row], avatarUrl);
  return {
    data: notificationResource(row),
    ...(included.length > 0 ? { included } : {}),
  };
}

export function notificationListDocument(
  rows: NotificationWithSender[],
  meta: PageMeta,
  avatarUrl?: AvatarUrl,
): NotificationListDocument {
  const included = includedSenders(rows, avatarUrl);
  return {
    data: rows.map(notificationResource),
    ...(included.length > 0 ? { included } : {}),
    meta,
  };
}
