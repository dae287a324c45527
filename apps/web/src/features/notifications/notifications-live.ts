import { NOTIFICATIONS_CHANNEL } from '@atelier/contract';
import { subscribe } from '../../lib/cable';
import type { AppDispatch } from '../../lib/store-hooks';
import { liveMessageReceived } from './notifications-api';

/*
 * The notifications' live channel (docs/architecture.md#adding-a-live-channel): the one file a
 * feature adds to hear a channel. The unread-count endpoint loads it on demand, since the
 * contract's cable module (and zod with it) must stay out of a first visit to /app/login.
 */

/** Hears NotificationsChannel: each message is added and the unread count refetched. */
export function subscribeToNotifications(dispatch: AppDispatch): () => void {
  return subscribe(NOTIFICATIONS_CHANNEL, {}, (message) => {
    void dispatch(liveMessageReceived(message));
  });
}
