import { afterEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { buildOrder, orderDocument, orderListDocument } from '../../testing/order-builders';
import { makeStore } from '../../testing/render-with-providers';
import { ordersApi } from './orders-api';
import { ordersReducer, selectedOrderIdSet, selectSelectedOrderId } from './orders-slice';
import { selectPendingOrders, selectPurchasedOrders } from './orders-state';

describe('orders client state (docs/product.md#client-state)', () => {
  it('starts with no orders and none selected', () => {
    const state = makeStore().getState();
    expect(selectPendingOrders(state)).toEqual([]);
    expect(selectPurchasedOrders(state)).toEqual([]);
    expect(selectSelectedOrderId(state)).toBeNull();
    expect(ordersReducer(undefined, { type: 'init' })).toEqual({ selectedOrderId: null });
  });

  it('selects an order and clears the selection', () => {
    const store = makeStore();
    store.dispatch(selectedOrderIdSet('7'));
    expect(selectSelectedOrderId(store.getState())).toBe('7');
    store.dispatch(selectedOrderIdSet(null));
    expect(selectSelectedOrderId(store.getState())).toBeNull();
  });
});

describe('orders in the cache of the orders endpoints (decision 056)', () => {
  let server: FakeApi | undefined;
  afterEach(() => {
    server?.restore();
    server = undefined;
  });

  const once = { subscribe: false, forceRefetch: true } as const;

  it('replaces a list with its first page, adds later pages, and files a fetched order by status', async () => {
    const a = buildOrder({ id: '1' });
    const b = buildOrder({ id: '2' });
    server = fakeApi({
      'GET /api/v2/orders': (request) => ({
        data: orderListDocument(
          request.params.page === 1 ? [a] : [b],
          Number(request.params.page),
          2,
        ),
      }),
      'GET /api/v2/orders/1': { data: orderDocument({ ...a, status: 'paid', payment: null }) },
    });
    const store = makeStore();
    await store.dispatch(ordersApi.endpoints.orders.initiate({ status: 'pending', page: 1 }, once));
    await store.dispatch(ordersApi.endpoints.orders.initiate({ status: 'pending', page: 2 }, once));
    expect(selectPendingOrders(store.getState()).map((o) => o.id)).toEqual(['1', '2']);
    await store.dispatch(ordersApi.endpoints.orders.initiate({ status: 'pending', page: 1 }, once));
    expect(selectPendingOrders(store.getState()).map((o) => o.id)).toEqual(['1']);
    await store.dispatch(ordersApi.endpoints.order.initiate('1', once));
    expect(selectPendingOrders(store.getState())).toEqual([]);
    expect(selectPurchasedOrders(store.getState())).toMatchObject([{ id: '1', status: 'paid' }]);
  });

  it('adds and selects a placed order without asking for the list; a canceled one leaves', async () => {
    const placed = buildOrder({ id: '9' });
    server = fakeApi({
      'POST /api/v2/orders': { status: 201, data: orderDocument(placed) },
      'DELETE /api/v2/orders/9': { status: 204 },
    });
    const store = makeStore();
    await store.dispatch(ordersApi.endpoints.placeOrder.initiate({ idempotencyKey: 'k1' }));
    expect(selectSelectedOrderId(store.getState())).toBe('9');
    expect(selectPendingOrders(store.getState()).map((o) => o.id)).toEqual(['9']);
    expect(server.requests[0]?.headers.get('idempotency-key')).toBe('k1');
    await store.dispatch(ordersApi.endpoints.cancelOrder.initiate('9'));
    expect(selectPendingOrders(store.getState())).toEqual([]);
    expect(selectSelectedOrderId(store.getState())).toBeNull();
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'DELETE']);
  });
});
