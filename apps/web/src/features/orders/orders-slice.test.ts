import { afterEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { buildOrder, orderDocument, orderListDocument } from '../../testing/order-builders';
import { makeStore } from '../../testing/render-with-providers';
import { ordersApi } from './orders-api';
import {
  initialOrdersState,
  ordersReducer,
  pendingOrderAdded,
  pendingOrderRemoved,
  pendingOrdersBulkAdded,
  pendingOrderUpdated,
  purchasedOrderAdded,
  purchasedOrdersSet,
  purchasedOrderUpdated,
  selectedOrderIdSet,
} from './orders-slice';

describe('orders slice (docs/product.md#client-state)', () => {
  it('starts with no orders and none selected', () => {
    expect(ordersReducer(undefined, { type: 'init' })).toEqual({
      pendingOrders: [],
      purchasedOrders: [],
      selectedOrderId: null,
    });
  });

  it('adds, bulk adds, updates and removes pending orders', () => {
    let state = ordersReducer(initialOrdersState, pendingOrderAdded({ id: '1', total: 10 }));
    state = ordersReducer(state, pendingOrdersBulkAdded([{ id: '2' }, { id: '1', total: 11 }]));
    expect(state.pendingOrders).toEqual([{ id: '1', total: 11 }, { id: '2' }]);
    state = ordersReducer(state, pendingOrderUpdated({ id: '2', total: 5 }));
    expect(state.pendingOrders[1]).toEqual({ id: '2', total: 5 });
    state = ordersReducer(state, pendingOrderUpdated({ id: '3' }));
    expect(state.pendingOrders).toHaveLength(2);
    state = ordersReducer(state, pendingOrderRemoved('1'));
    expect(state.pendingOrders).toEqual([{ id: '2', total: 5 }]);
  });

  it('sets, updates and adds purchased orders', () => {
    let state = ordersReducer(initialOrdersState, purchasedOrdersSet([{ id: '1' }, { id: '2' }]));
    state = ordersReducer(state, purchasedOrderUpdated({ id: '2', status: 'refunded' }));
    expect(state.purchasedOrders[1]).toEqual({ id: '2', status: 'refunded' });
    state = ordersReducer(state, purchasedOrderAdded({ id: '3' }));
    expect(state.purchasedOrders.map((o) => o.id)).toEqual(['1', '2', '3']);
    state = ordersReducer(state, purchasedOrdersSet([]));
    expect(state.purchasedOrders).toEqual([]);
  });

  it('selects an order and clears the selection', () => {
    const state = ordersReducer(initialOrdersState, selectedOrderIdSet('7'));
    expect(state.selectedOrderId).toBe('7');
    expect(ordersReducer(state, selectedOrderIdSet(null)).selectedOrderId).toBeNull();
  });
});

describe('orders slice following the orders endpoints (decision 017)', () => {
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
    expect(store.getState().orders.pendingOrders.map((o) => o.id)).toEqual(['1', '2']);
    await store.dispatch(ordersApi.endpoints.orders.initiate({ status: 'pending', page: 1 }, once));
    expect(store.getState().orders.pendingOrders.map((o) => o.id)).toEqual(['1']);
    await store.dispatch(ordersApi.endpoints.order.initiate('1', once));
    expect(store.getState().orders.pendingOrders).toEqual([]);
    expect(store.getState().orders.purchasedOrders).toMatchObject([{ id: '1', status: 'paid' }]);
  });

  it('adds and selects a placed order; a canceled one leaves', async () => {
    const placed = buildOrder({ id: '9' });
    server = fakeApi({
      'POST /api/v2/orders': { status: 201, data: orderDocument(placed) },
      'DELETE /api/v2/orders/9': { status: 204 },
    });
    const store = makeStore();
    await store.dispatch(ordersApi.endpoints.placeOrder.initiate({ idempotencyKey: 'k1' }));
    expect(store.getState().orders.selectedOrderId).toBe('9');
    expect(store.getState().orders.pendingOrders.map((o) => o.id)).toEqual(['9']);
    expect(server.requests[0]?.headers.get('idempotency-key')).toBe('k1');
    await store.dispatch(ordersApi.endpoints.cancelOrder.initiate('9'));
    expect(store.getState().orders.pendingOrders).toEqual([]);
    expect(store.getState().orders.selectedOrderId).toBeNull();
  });
});
