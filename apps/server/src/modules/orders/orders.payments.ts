// What orders need of the payments module (docs/architecture.md#orders-and-payments): the payments
// plugin decorates the app with this as `app.payments`. Declared here, by its user, so that orders
// compiles and is tested without the provider code.

/** How the browser pays an order: from the provider, stored with the order's payment. */
export type PaymentIntent = {
  provider: 'stripe' | 'fake';
  clientSecret: string;
  publishableKey: string | null;
  intentId: string;
};

/** A verified provider event about an order, delivered once per stored event, in any order. */
export type PaymentEvent = {
  type: 'succeeded' | 'failed';
  orderId: number;
  intentId: string;
  /** Why a card attempt failed, as the provider says it. */
  message: string | null;
  eventId: string;
};

export type PaymentsPort = {
  /** Idempotent per order id: the same order gets the same intent. */
  createIntent(input: {
    orderId: number;
    amount: number;
    currency: string;
    userId: number | null;
  }): Promise<PaymentIntent>;
  onPaymentEvent(handler: (event: PaymentEvent) => Promise<void>): void;
};
