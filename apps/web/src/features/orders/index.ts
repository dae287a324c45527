// The orders feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers). The store imports the slice; the
// endpoints and components below reach only the lazy pages that use them (`sideEffects: false`).
export { OrderSummary } from './components/order-summary';
export { OrdersPage } from './components/orders-page';
export { orderMoney } from './order-format';
export {
  type OrderListArgs,
  type OrderListStatus,
  ordersApi,
  useCancelOrderMutation,
  useLazyOrderQuery,
  useOrderQuery,
  useOrdersQuery,
  usePlaceOrderMutation,
} from './orders-api';
export {
  initialOrdersState,
  type OrderItem,
  type OrdersState,
  ordersReducer,
  pendingOrderAdded,
  pendingOrderRemoved,
  pendingOrdersBulkAdded,
  pendingOrderUpdated,
  purchasedOrderAdded,
  purchasedOrdersSet,
  purchasedOrderUpdated,
  selectedOrderIdSet,
  selectPendingOrders,
  selectPurchasedOrders,
  selectSelectedOrderId,
} from './orders-slice';
