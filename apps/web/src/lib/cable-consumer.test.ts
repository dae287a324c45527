import { Connection, ConnectionMonitor, SubscriptionGuarantor } from '@rails/actioncable';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CableConsumer,
  cableUrl,
  closeCable,
  isCableOpen,
  openCable,
  setCableConsumerFactory,
} from './cable';
import { setToken } from './storage';

type FakeConsumer = CableConsumer & {
  url: string;
  channels: unknown[];
  deliver(message: unknown): void;
  disconnected: boolean;
};

function installFakeConsumers(): FakeConsumer[] {
  const made: FakeConsumer[] = [];
  setCableConsumerFactory((url) => {
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
  });
  return made;
}

afterEach(() => {
  closeCable();
  setCableConsumerFactory(null);
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

describe('openCable / closeCable', () => {
  it('subscribes to NotificationsChannel and hands every message over', () => {
    const consumers = installFakeConsumers();
    const received: unknown[] = [];
    openCable('tok', (m) => received.push(m));
    expect(consumers).toHaveLength(1);
    expect(consumers[0]?.url).toBe(cableUrl('tok'));
    expect(consumers[0]?.channels).toEqual([{ channel: 'NotificationsChannel' }]);
    consumers[0]?.deliver({ data: 1 });
    expect(received).toEqual([{ data: 1 }]);
    expect(isCableOpen()).toBe(true);
  });

  it('keeps one connection per token and replaces it for a new token', () => {
    const consumers = installFakeConsumers();
    openCable('one', () => {});
    openCable('one', () => {});
    expect(consumers).toHaveLength(1);
    openCable('two', () => {});
    expect(consumers).toHaveLength(2);
    expect(consumers[0]?.disconnected).toBe(true);
    expect(consumers[1]?.disconnected).toBe(false);
  });

  it('reconnects with the refreshed token the api client stored', () => {
    const consumers = installFakeConsumers();
    setToken('old');
    openCable('old', () => {});
    expect(consumers[0]?.url).toBe(cableUrl('old'));
    setToken('refreshed');
    expect(consumers[0]?.url).toBe(cableUrl('refreshed'));
  });

  it('closes the connection, and closing twice is harmless', () => {
    const consumers = installFakeConsumers();
    openCable('tok', () => {});
    closeCable();
    closeCable();
    expect(consumers[0]?.disconnected).toBe(true);
    expect(isCableOpen()).toBe(false);
  });
});
