// The orders module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).

export {
  customerOrders,
  joinGuestOrders,
  type OrderOwner,
} from './customer-orders.service';
export { amountDue } from './order-amounts';
export {
  ORDER_EVENT_TYPES,
  type OrderEventInput,
  type OrderEventType,
  recordOrderEvent,
  recordOrderEvents,
} from './order-events';
export {
  findOrder,
  lockOrderRow,
  type OrderAttendeeRow,
  orderAttendees,
  setOrderRefunded,
} from './order-lookups';
export type { OrdersContext } from './orders.context';
export type { PaymentEvent, PaymentIntent, PaymentsPort } from './orders.payments';
// Order management reads orders as the buyer's routes do, and cancels and expires the same way.
export {
  itemsOfOrders,
  type OrderItemWithAttendees,
  type OrderRow,
} from './orders.repository';
export { orderResource } from './orders.resources';
export { type OrdersPluginOptions, ordersContextOf, ordersPlugin } from './orders.routes';
export { seedDemoOrders } from './orders.seed';
export { cancelPendingOrder, expireDueOrders } from './orders.transitions';
// A deleting family's part of this module (docs/decisions/072-a-familys-data-is-theirs.md).
export { anonymiseOrderAttendees } from './orders-erasure.repository';
export {
  createWalkInOrder,
  priceWalkInOrder,
  type WalkInOrderInput,
  type WalkInPaymentMethod,
} from './walk-in-orders';
