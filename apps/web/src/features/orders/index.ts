// The orders feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers). The store imports the slice (the
// selected order only); the endpoints, the selectors over their entries and the components below
// reach only the lazy pages that use them (`sideEffects: false`).
export { KeepAsCreditPage } from './components/keep-as-credit-page';
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
  type OrdersState,
  orderLeft,
  ordersReducer,
  selectedOrderIdSet,
  selectSelectedOrderId,
} from './orders-slice';
export { selectPendingOrders, selectPurchasedOrders } from './orders-state';
