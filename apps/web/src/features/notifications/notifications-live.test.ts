import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CableConsumer,
  closeCable,
  openCable,
  setCableConsumerFactory,
} from '../../lib/cable';
import { resetStore } from '../../lib/reset-store';
import { buildNotification, notificationResource } from '../../testing/builders';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { makeStore } from '../../testing/render-with-providers';
import { notificationsApi } from './notifications-api';
import { selectNotifications, selectUnreadCount } from './notifications-state';

type Channel = { name: unknown; deliver(message: unknown): void; stopped: boolean };

let channels: Channel[] = [];
let api: FakeApi | undefined;

function fakeConsumers(): void {
  setCableConsumerFactory(
    (): CableConsumer => ({
      subscriptions: {
        create(name, mixin) {
          const channel: Channel = {
            name,
            deliver: (message) => mixin.received(message),
            stopped: false,
          };
          channels.push(channel);
          return {
            unsubscribe: () => {
              channel.stopped = true;
            },
          };
        },
      },
      disconnect: () => undefined,
    }),
  );
}

afterEach(async () => {
  api?.restore();
  api = undefined;
  channels = [];
  await closeCable();
  setCableConsumerFactory(null);
});

describe('the NotificationsChannel subscription (docs/architecture.md#live-channel)', () => {
  it('lives with the unread-count entry: a message is added and the count refetched, until the store resets', async () => {
    fakeConsumers();
    await openCable('tok');
    let unread = 1;
    api = fakeApi({
      'GET /api/v1/notifications/unread_count': () => ({ data: { data: unread } }),
    });
    const store = makeStore();
    const held = store.dispatch(notificationsApi.endpoints.unreadCount.initiate());
    await vi.waitFor(() => expect(channels).toHaveLength(1));
    expect(channels[0]?.name).toEqual({ channel: 'NotificationsChannel' });
    expect(selectUnreadCount(store.getState())).toBe(1);

    const live = buildNotification({ id: '5' });
    unread = 2;
    channels[0]?.deliver(notificationResource(live));
    await vi.waitFor(() => expect(selectUnreadCount(store.getState())).toBe(2));
    expect(selectNotifications(store.getState())).toEqual([live]);

    store.dispatch(resetStore());
    await vi.waitFor(() => expect(channels[0]?.stopped).toBe(true));
    held.unsubscribe();
  });
});
