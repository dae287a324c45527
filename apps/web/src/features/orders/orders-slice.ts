import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../lib/api';

/** An order as the client state keeps it (docs/product.md#data-the-client-sees: items have id; other fields ride along). */
export type OrderItem = { id: string; [field: string]: unknown };

export type OrdersState = {
  pendingOrders: OrderItem[];
  purchasedOrders: OrderItem[];
  selectedOrderId: string | null;
};

export const initialOrdersState: OrdersState = {
  pendingOrders: [],
  purchasedOrders: [],
  selectedOrderId: null,
};

function upsert(list: OrderItem[], order: OrderItem): void {
  const index = list.findIndex((o) => o.id === order.id);
  if (index === -1) list.push(order);
  else list[index] = order;
}

/** Statuses of a bought order: what `purchasedOrders` holds. */
const PURCHASED = new Set(['paid', 'refunded', 'partially_refunded']);

type EndpointFulfilled<Arg, Result> = UnknownAction & {
  payload: Result;
  meta: { arg: { endpointName: string; originalArgs: Arg } };
};

/**
 * Matches the fulfilled answer of one of the orders endpoints (orders-api.ts) by its name. The
 * slice follows the endpoints as decision 017 asks, without importing them: that file brings the
 * contract's schemas (zod), and the store, which imports this slice, is on every first visit.
 */
function fulfilled<Arg, Result>(endpointName: string) {
  return (action: UnknownAction): action is EndpointFulfilled<Arg, Result> => {
    if (!action.type.startsWith(`${api.reducerPath}/`)) return false;
    if (!action.type.endsWith('/fulfilled')) return false;
    const meta = (action as { meta?: { arg?: { endpointName?: unknown } } }).meta;
    return meta?.arg?.endpointName === endpointName;
  };
}

type Listed = { status: 'pending' | 'purchased'; page: number };
type Page = { items: OrderItem[] };

function fileOrder(state: OrdersState, order: OrderItem): void {
  const status = order.status;
  state.pendingOrders = state.pendingOrders.filter((o) => o.id !== order.id);
  if (status === 'pending') state.pendingOrders.push(order);
  else if (typeof status === 'string' && PURCHASED.has(status))
    upsert(state.purchasedOrders, order);
}

const ordersSlice = createSlice({
  name: 'orders',
  initialState: initialOrdersState,
  reducers: {
    /** Adding an order already pending replaces it rather than listing it twice. */
    pendingOrderAdded(state, action: PayloadAction<OrderItem>) {
      upsert(state.pendingOrders, action.payload);
    },
    pendingOrderRemoved(state, action: PayloadAction<string>) {
      state.pendingOrders = state.pendingOrders.filter((o) => o.id !== action.payload);
    },
    pendingOrdersBulkAdded(state, action: PayloadAction<OrderItem[]>) {
      for (const order of action.payload) upsert(state.pendingOrders, order);
    },
    /** Replaces the pending order with the same id; unknown ids are ignored. */
    pendingOrderUpdated(state, action: PayloadAction<OrderItem>) {
      const index = state.pendingOrders.findIndex((o) => o.id === action.payload.id);
      if (index !== -1) state.pendingOrders[index] = action.payload;
    },
    purchasedOrdersSet(state, action: PayloadAction<OrderItem[]>) {
      state.purchasedOrders = action.payload;
    },
    purchasedOrderUpdated(state, action: PayloadAction<OrderItem>) {
      const index = state.purchasedOrders.findIndex((o) => o.id === action.payload.id);
      if (index !== -1) state.purchasedOrders[index] = action.payload;
    },
    purchasedOrderAdded(state, action: PayloadAction<OrderItem>) {
      upsert(state.purchasedOrders, action.payload);
    },
    selectedOrderIdSet(state, action: PayloadAction<string | null>) {
      state.selectedOrderId = action.payload;
    },
  },
  // The lists follow the orders endpoints (decision 017): a first page replaces a list, a later
  // page adds to it ("load more"), one order fetched moves to the list its status belongs in, a
  // placed order is pending and selected, a canceled one leaves.
  extraReducers: (builder) => {
    builder
      .addMatcher(fulfilled<Listed, Page>('orders'), (state, action) => {
        const { status, page } = action.meta.arg.originalArgs;
        const items = action.payload.items;
        if (status === 'pending') {
          if (page <= 1) state.pendingOrders = [...items];
          else for (const order of items) upsert(state.pendingOrders, order);
        } else if (page <= 1) state.purchasedOrders = [...items];
        else for (const order of items) upsert(state.purchasedOrders, order);
      })
      .addMatcher(fulfilled<string, OrderItem>('order'), (state, action) => {
        fileOrder(state, action.payload);
      })
      .addMatcher(fulfilled<unknown, OrderItem>('placeOrder'), (state, action) => {
        fileOrder(state, action.payload);
        state.selectedOrderId = action.payload.id;
      })
      .addMatcher(fulfilled<string, unknown>('cancelOrder'), (state, action) => {
        const id = action.meta.arg.originalArgs;
        state.pendingOrders = state.pendingOrders.filter((o) => o.id !== id);
        if (state.selectedOrderId === id) state.selectedOrderId = null;
      });
  },
  selectors: {
    selectPendingOrders: (state) => state.pendingOrders,
    selectPurchasedOrders: (state) => state.purchasedOrders,
    selectSelectedOrderId: (state) => state.selectedOrderId,
  },
});

export const {
  pendingOrderAdded,
  pendingOrderRemoved,
  pendingOrdersBulkAdded,
  pendingOrderUpdated,
  purchasedOrdersSet,
  purchasedOrderUpdated,
  purchasedOrderAdded,
  selectedOrderIdSet,
} = ordersSlice.actions;
export const { selectPendingOrders, selectPurchasedOrders, selectSelectedOrderId } =
  ordersSlice.selectors;
export const ordersReducer = ordersSlice.reducer;
export default ordersSlice;
