// The orders feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers). The commerce endpoints join it here.
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
