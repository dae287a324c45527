import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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
