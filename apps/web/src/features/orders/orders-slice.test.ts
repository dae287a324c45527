import { describe, expect, it } from 'vitest';
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
