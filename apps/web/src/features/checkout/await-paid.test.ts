import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { buildOrder, orderDocument } from '../../testing/order-builders';
import { makeStore } from '../../testing/render-with-providers';
import { awaitPaid } from './await-paid';

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

describe('awaitPaid (decision 029: the webhook may lag behind the card)', () => {
  it('asks again, waiting between asks, until the order is no longer pending', async () => {
    const statuses = ['pending', 'pending', 'paid'] as const;
    let asked = 0;
    server = fakeApi({
      'GET /api/v2/orders/501': () => {
        const status = statuses[Math.min(asked, statuses.length - 1)] ?? 'paid';
        asked += 1;
        return { data: orderDocument(buildOrder({ status })) };
      },
    });
    const wait = vi.fn(async () => {});
    const order = await awaitPaid(makeStore().dispatch, '501', { intervalMs: 750, wait });
    expect(order.status).toBe('paid');
    expect(asked).toBe(3);
    expect(wait.mock.calls).toEqual([[750], [750]]);
  });

  it('gives up after its attempts and answers the order still pending', async () => {
    server = fakeApi({ 'GET /api/v2/orders/501': { data: orderDocument(buildOrder()) } });
    const wait = vi.fn(async () => {});
    const order = await awaitPaid(makeStore().dispatch, '501', { attempts: 3, wait });
    expect(order.status).toBe('pending');
    expect(server.requests).toHaveLength(3);
  });
});
