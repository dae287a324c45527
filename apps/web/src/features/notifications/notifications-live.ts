import { NOTIFICATIONS_CHANNEL, type Notification } from '@atelier/contract';
import { api } from '../../lib/api';
import { subscribe } from '../../lib/cable';
import { loadContractParsers } from '../../lib/load-contract-parsers';
import { UNREAD_COUNT_TAG } from './notifications-tags';

/*
 * The notifications' live channel (docs/architecture.md#adding-a-live-channel): the one file a
 * feature adds to hear a channel. The unread-count endpoint loads it on demand, since the
 * contract's cable module (and zod with it) must stay out of a first visit to /app/login.
 */

// biome-ignore lint/suspicious/noExplicitAny: RTK Query's lifecycle dispatch and getState are typed against the api's own state
type Dispatch = (action: any) => unknown;

/**
 * Puts one notification into the list's cache entry. The endpoints' file hands it in
 * (notifications-api.ts `mergeLiveNotification`): this file loads on demand from there, so it
 * imports nothing back and the two make no circle.
 */
export type MergeIntoList = (notification: Notification) => void;

/**
 * One message, parsed as a notification document, patched into the cache where its data is
 * (docs/product.md#server-calls live channel): merged into the list (a list never fetched starts
 * with it, its page counter still at 1), then the unread count asked for again. A message about
 * a record another entry holds asks for that entry again: a class message for the family's list
 * (docs/product.md#class-messages), an order for the order (a paid order is pushed this way, and
 * checkout waits for it). A malformed message is logged and dropped.
 */
export async function applyLiveMessage(
  dispatch: Dispatch,
  mergeIntoList: MergeIntoList,
  message: unknown,
): Promise<void> {
  let notification: Notification;
  try {
    const { parseNotificationDocument } = await loadContractParsers();
    notification = parseNotificationDocument(message);
  } catch (error) {
    console.error('Dropped a malformed live notification', error);
    return;
  }
  mergeIntoList(notification);
  const { type, id } = notification.record;
  if (type === 'messages') dispatch(api.util.invalidateTags([{ type: 'Message', id: 'RECEIVED' }]));
  if (type === 'orders') dispatch(api.util.invalidateTags([{ type: 'Order', id }]));
  dispatch(api.util.invalidateTags([UNREAD_COUNT_TAG]));
}

/**
 * Hears NotificationsChannel. After a reconnect (not the first connection) whatever a push keeps
 * fresh may have missed one: the count and the orders held are asked for once again, which is
 * checkout's one fallback for a "paid" sent while the socket was down.
 */
export function subscribeToNotifications(
  dispatch: Dispatch,
  mergeIntoList: MergeIntoList,
): () => void {
  let connections = 0;
  return subscribe(
    NOTIFICATIONS_CHANNEL,
    {},
    (message) => {
      void applyLiveMessage(dispatch, mergeIntoList, message);
    },
    () => {
      connections += 1;
      if (connections > 1) dispatch(api.util.invalidateTags([UNREAD_COUNT_TAG, 'Order']));
    },
  );
}
