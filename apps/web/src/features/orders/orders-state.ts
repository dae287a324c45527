import type { Order } from '@atelier/contract';
import { type OrderListStatus, ordersApi } from './orders-api';

// docs/product.md#client-state's orders, read from their cache entries
// (docs/decisions/056-server-data-lives-in-the-rtk-query-cache.md); the selected order is the
// orders slice's (orders-slice.ts).

type OrdersRootState = Parameters<ReturnType<typeof ordersApi.endpoints.orders.select>>[0];

const NONE: Order[] = [];

const listed = (status: OrderListStatus) => (state: OrdersRootState) =>
  ordersApi.endpoints.orders.select({ status, page: 1 })(state).data?.items ?? NONE;

/** Orders waiting for payment, as merged page by page. */
export const selectPendingOrders = listed('pending');
/** Orders bought (paid or refunded), as merged page by page. */
export const selectPurchasedOrders = listed('purchased');
