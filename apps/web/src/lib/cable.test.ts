import { afterEach, describe, expect, it } from 'vitest';
import { type CableConsumer, isCableOpen, setCableConsumerFactory } from './cable';
import { closeLiveCable, openLiveCable } from './live-connection';

type Made = { url: string; disconnected: boolean };

function installFakeConsumers(): Made[] {
  const made: Made[] = [];
  setCableConsumerFactory((url): CableConsumer => {
    const record: Made = { url: url(), disconnected: false };
    made.push(record);
    return {
      subscriptions: { create: () => ({ unsubscribe: () => undefined }) },
      disconnect() {
        record.disconnected = true;
      },
    };
  });
  return made;
}

afterEach(async () => {
  await closeLiveCable();
  setCableConsumerFactory(null);
});

describe('live connection, loaded on demand', () => {
  it('opens the connection for the token once the cable module is in', async () => {
    const made = installFakeConsumers();
    await openLiveCable('tok', () => {});
    expect(isCableOpen()).toBe(true);
    expect(made).toHaveLength(1);
    expect(made[0]?.url).toContain('token=tok');
  });

  it('a close that comes while the module loads wins: nothing stays open', async () => {
    const made = installFakeConsumers();
    const opening = openLiveCable('tok', () => {});
    const closing = closeLiveCable();
    await Promise.all([opening, closing]);
    expect(isCableOpen()).toBe(false);
    expect(made).toEqual([]);
  });

  it('the latest token wins when two opens overlap', async () => {
    const made = installFakeConsumers();
    await Promise.all([openLiveCable('one', () => {}), openLiveCable('two', () => {})]);
    expect(made).toHaveLength(1);
    expect(made[0]?.url).toContain('token=two');
  });

  it('closes an open connection', async () => {
    const made = installFakeConsumers();
    await openLiveCable('tok', () => {});
    await closeLiveCable();
    expect(isCableOpen()).toBe(false);
    expect(made[0]?.disconnected).toBe(true);
  });
});
