import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { upwardKey } from '../../db/upward-key';

/**
 * An order's payment intent at the provider (docs/architecture.md#orders-and-payments). One per
 * order: the order id is the provider's idempotency key, so asking again returns the same intent.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => upwardKey('orders'), { onDelete: 'restrict' }),
    provider: text({ enum: ['stripe', 'fake'] }).notNull(),
    intentId: text('intent_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    amount: integer().notNull(),
    currency: text().notNull(),
    status: text({ enum: ['requires_payment', 'succeeded', 'failed', 'canceled'] })
      .notNull()
      .default('requires_payment'),
    lastError: text('last_error'),
    /** The card as the provider reported it once charged (for receipts): brand and last four digits. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_order_unique').on(t.orderId),
    uniqueIndex('payments_intent_unique').on(t.provider, t.intentId),
  ],
);

/**
 * Provider webhook events by their id: stored before they are applied, applied once. A replay
 * finds its row and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text().primaryKey(),
    provider: text({ enum: ['stripe', 'fake'] }).notNull(),
    type: text().notNull(),
    intentId: text('intent_id'),
    payload: jsonb().$type<unknown>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('payment_events_intent_idx').on(t.intentId)],
);

/**
 * The fake provider's own intents (development and tests, never production): what Stripe would
 * keep on its side, kept here so every server process sees the same intent.
 */
export const fakePaymentIntents = pgTable('fake_payment_intents', {
  id: text().primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amount: integer().notNull(),
  currency: text().notNull(),
  clientSecret: text('client_secret').notNull(),
  status: text({ enum: ['requires_payment_method', 'succeeded', 'canceled'] })
    .notNull()
    .default('requires_payment_method'),
  metadata: jsonb().$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The fake provider's setup intents and the cards they saved (development and tests, never
 * production): what Stripe keeps of a saved card, kept here so every server process sees it. The
 * number is one of Stripe's public test cards; it decides how later charges to the card go
 * (docs/decisions/075-monthly-tuition-and-billing-runs.md).
 */
export const fakeSetupIntents = pgTable('fake_setup_intents', {
  id: text().primaryKey(),
  customerId: text('customer_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  status: text({ enum: ['requires_payment_method', 'succeeded'] })
    .notNull()
    .default('requires_payment_method'),
  paymentMethodId: text('payment_method_id').unique(),
  cardNumber: text('card_number'),
  brand: text(),
  last4: text(),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
