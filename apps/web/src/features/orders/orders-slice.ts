import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * What only the browser knows of one's orders (docs/product.md#client-state): which order is
 * selected (paid from /orders, or its receipt open). The orders themselves live in the orders
 * endpoints' cache entries (orders-api.ts, read through orders-state.ts;
 * docs/decisions/056-server-data-lives-in-the-rtk-query-cache.md).
 */
export type OrdersState = { selectedOrderId: string | null };

export const initialOrdersState: OrdersState = { selectedOrderId: null };

const ordersSlice = createSlice({
  name: 'orders',
  initialState: initialOrdersState,
  reducers: {
    selectedOrderIdSet(state, action: PayloadAction<string | null>) {
      state.selectedOrderId = action.payload;
    },
    /** An order that is gone (canceled) is no longer selected. */
    orderLeft(state, action: PayloadAction<string>) {
      if (state.selectedOrderId === action.payload) state.selectedOrderId = null;
    },
  },
  selectors: {
    selectSelectedOrderId: (state) => state.selectedOrderId,
  },
});

export const { selectedOrderIdSet, orderLeft } = ordersSlice.actions;
export const { selectSelectedOrderId } = ordersSlice.selectors;
export const ordersReducer = ordersSlice.reducer;
export default ordersSlice;
