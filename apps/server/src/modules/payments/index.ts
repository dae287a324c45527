// The payments module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).

export type { PaymentCard } from './payment-provider';
export type { BillingPayments, Payments } from './payments.plugin';
export { paymentsPlugin, paymentsStandInPlugin } from './payments.plugin';
export type {
  BillingPaymentEvent,
  BillingPaymentEventHandler,
  CreateIntentInput,
  OrderPaymentIntent,
  PaymentEvent,
  PaymentEventHandler,
  RefundInput,
} from './payments.service';
export { paidIntentOfOrder, paymentCardOfOrder, paymentIdOfOrder } from './payments.service';
export type { RefundEvent, RefundEventHandler } from './refund-events';
