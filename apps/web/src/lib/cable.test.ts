import { afterEach, describe, expect, it } from 'vitest';
import {
  type CableConsumer,
  closeCable,
  isCableOpen,
  openCable,
  setCableConsumerFactory,
  subscribe,
} from './cable';

type Made = {
  url: string;
  disconnected: boolean;
  channels: unknown[];
  unsubscribed: unknown[];
  deliver(message: unknown): void;
};

function installFakeConsumers(): Made[] {
  const made: Made[] = [];
  setCableConsumerFactory((url): CableConsumer => {
    const receivers: ((data: unknown) => void)[] = [];
    const record: Made = {
      url: url(),
      disconnected: false,
      channels: [],
      unsubscribed: [],
      deliver(message) {
        for (const receive of receivers) receive(message);
      },
    };
    made.push(record);
    return {
      subscriptions: {
        create(channel, mixin) {
          record.channels.push(channel);
          const receive = (data: unknown) => mixin.received(data);
          receivers.push(receive);
          return {
            unsubscribe: () => {
              record.unsubscribed.push(channel);
              receivers.splice(receivers.indexOf(receive), 1);
            },
          };
        },
      },
      disconnect() {
        record.disconnected = true;
      },
    };
  });
  return made;
}

const stops: (() => void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await closeCable();
  setCableConsumerFactory(null);
});

describe('live connection, loaded on demand', () => {
  it('opens the connection for the token once the cable module is in', async () => {
    const made = installFakeConsumers();
    await openCable('tok');
    expect(isCableOpen()).toBe(true);
    expect(made).toHaveLength(1);
    expect(made[0]?.url).toContain('token=tok');
  });

  it('a close that comes while the module loads wins: nothing stays open', async () => {
    const made = installFakeConsumers();
    const opening = openCable('tok');
    const closing = closeCable();
    await Promise.all([opening, closing]);
    expect(isCableOpen()).toBe(false);
    expect(made).toEqual([]);
  });

  it('the latest token wins when two opens overlap', async () => {
    const made = installFakeConsumers();
    await Promise.all([openCable('one'), openCable('two')]);
    expect(made).toHaveLength(1);
    expect(made[0]?.url).toContain('token=two');
  });

  it('closes an open connection', async () => {
    const made = installFakeConsumers();
    await openCable('tok');
    await closeCable();
    expect(isCableOpen()).toBe(false);
    expect(made[0]?.disconnected).toBe(true);
  });
});

describe('subscribe (docs/architecture.md#live-channel)', () => {
  it('carries a subscription made before the connection opens, with its parameters', async () => {
    const made = installFakeConsumers();
    const received: unknown[] = [];
    stops.push(subscribe('RoomChannel', { room_id: '7' }, (m) => received.push(m)));
    await openCable('tok');
    expect(made[0]?.channels).toEqual([{ channel: 'RoomChannel', room_id: '7' }]);
    made[0]?.deliver({ data: 1 });
    expect(received).toEqual([{ data: 1 }]);
  });

  it('adds a subscription made while the connection is open, and stops it on request', async () => {
    const made = installFakeConsumers();
    await openCable('tok');
    const received: unknown[] = [];
    const stop = subscribe('NotificationsChannel', {}, (m) => received.push(m));
    expect(made[0]?.channels).toEqual([{ channel: 'NotificationsChannel' }]);
    stop();
    expect(made[0]?.unsubscribed).toEqual([{ channel: 'NotificationsChannel' }]);
    made[0]?.deliver({ data: 1 });
    expect(received).toEqual([]);
  });

  it('keeps subscriptions across a reopen with a new token, and drops stopped ones', async () => {
    const made = installFakeConsumers();
    stops.push(subscribe('NotificationsChannel', {}, () => undefined));
    const stop = subscribe('RoomChannel', { room_id: '1' }, () => undefined);
    await openCable('one');
    stop();
    await openCable('two');
    expect(made[0]?.disconnected).toBe(true);
    expect(made[1]?.channels).toEqual([{ channel: 'NotificationsChannel' }]);
  });
});
