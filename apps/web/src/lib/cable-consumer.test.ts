import { Connection, ConnectionMonitor, SubscriptionGuarantor } from '@rails/actioncable';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CableConsumer,
  type CableConsumerFactory,
  type CableSubscription,
  cableUrl,
  closeConsumer,
  isConsumerOpen,
  openConsumer,
} from './cable-consumer';
import { setToken } from './storage';

type FakeConsumer = CableConsumer & {
  url: string;
  channels: unknown[];
  deliver(message: unknown): void;
  disconnected: boolean;
};

let factory: CableConsumerFactory | null = null;

/** One subscription of `channel` handing its messages to `onMessage`. */
function listen(channel: string, onMessage: (m: unknown) => void): CableSubscription[] {
  return [{ channel, params: {}, onMessage }];
}

function installFakeConsumers(): FakeConsumer[] {
  const made: FakeConsumer[] = [];
  factory = (url) => {
    const receivers: ((data: unknown) => void)[] = [];
    const consumer: FakeConsumer = {
      get url() {
        return url();
      },
      channels: [],
      disconnected: false,
      subscriptions: {
        create(channel, mixin) {
          consumer.channels.push(channel);
          receivers.push((data) => mixin.received(data));
          return { unsubscribe: () => undefined };
        },
      },
      disconnect() {
        consumer.disconnected = true;
      },
      deliver(message) {
        for (const receive of receivers) receive(message);
      },
    };
    made.push(consumer);
    return consumer;
  };
  return made;
}

afterEach(() => {
  closeConsumer();
  factory = null;
  vi.useRealTimers();
});

describe('cable monitor constants (docs/product.md#constants)', () => {
  it('sets stale threshold 6 s, backoff rate 0.15 and reopen delay 500 ms on the official client', () => {
    expect(ConnectionMonitor.staleThreshold).toBe(6);
    expect(ConnectionMonitor.reconnectionBackoffRate).toBe(0.15);
    expect(Connection.reopenDelay).toBe(500);
  });

  it("relies on the official client's 500 ms subscription retry", () => {
    vi.useFakeTimers();
    const subscribe = vi.fn();
    const guarantor = new SubscriptionGuarantor({ subscribe });
    guarantor.guarantee({ identifier: 'x' });
    vi.advanceTimersByTime(499);
    expect(subscribe).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(subscribe).toHaveBeenCalledTimes(1);
    guarantor.stopGuaranteeing();
  });
});

describe('cableUrl', () => {
  it('is an absolute ws URL on this host with the token in the query', () => {
    expect(cableUrl('a.b c')).toBe(`ws://${window.location.host}/cable?token=a.b%20c`);
  });

  it('uses wss on an https page', () => {
    const secure = { protocol: 'https:', host: 'school.example' } as Location;
    expect(cableUrl('t', secure)).toBe('wss://school.example/cable?token=t');
  });
});

describe('openConsumer / closeConsumer', () => {
  it('subscribes to the channels asked for (NotificationsChannel) and hands every message over', () => {
    const consumers = installFakeConsumers();
    const received: unknown[] = [];
    openConsumer(
      'tok',
      listen('NotificationsChannel', (m) => received.push(m)),
      factory,
    );
    expect(consumers).toHaveLength(1);
    expect(consumers[0]?.url).toBe(cableUrl('tok'));
    expect(consumers[0]?.channels).toEqual([{ channel: 'NotificationsChannel' }]);
    consumers[0]?.deliver({ data: 1 });
    expect(received).toEqual([{ data: 1 }]);
    expect(isConsumerOpen()).toBe(true);
  });

  it('keeps one connection per token and replaces it for a new token', () => {
    const consumers = installFakeConsumers();
    openConsumer('one', [], factory);
    openConsumer('one', [], factory);
    expect(consumers).toHaveLength(1);
    openConsumer('two', [], factory);
    expect(consumers).toHaveLength(2);
    expect(consumers[0]?.disconnected).toBe(true);
    expect(consumers[1]?.disconnected).toBe(false);
  });

  it('reconnects with the refreshed token the api client stored', () => {
    const consumers = installFakeConsumers();
    setToken('old');
    openConsumer('old', [], factory);
    expect(consumers[0]?.url).toBe(cableUrl('old'));
    setToken('refreshed');
    expect(consumers[0]?.url).toBe(cableUrl('refreshed'));
  });

  it('closes the connection, and closing twice is harmless', () => {
    const consumers = installFakeConsumers();
    openConsumer('tok', [], factory);
    closeConsumer();
    closeConsumer();
    expect(consumers[0]?.disconnected).toBe(true);
    expect(isConsumerOpen()).toBe(false);
  });
});
