// The orders module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).

export {
  ORDER_EVENT_TYPES,
  type OrderEventInput,
  type OrderEventType,
  recordOrderEvent,
  recordOrderEvents,
} from './order-events';
export type { PaymentEvent, PaymentIntent, PaymentsPort } from './orders.payments';
export { type OrdersPluginOptions, ordersPlugin } from './orders.routes';
