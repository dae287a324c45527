import { NOTIFICATIONS_CHANNEL } from '@atelier/contract';
import type { ChannelDefinition } from '../../cable/channels';

/** The pub/sub topic of one user's notifications: notify() publishes, the channel streams it. */
export const notificationsTopic = (userId: string | number) => `notifications:${userId}`;

/**
 * NotificationsChannel (docs/architecture.md#live-channel): the signed-in user's notifications,
 * and only theirs. Any signed-in user may subscribe; the stream is chosen from the token, never
 * from the identifier's params.
 */
export const notificationsChannel: ChannelDefinition = {
  name: NOTIFICATIONS_CHANNEL,
  authorize: () => true,
  stream: (identity) => notificationsTopic(identity.userId),
};
