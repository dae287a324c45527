import { REFUND_METHODS } from '@atelier/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderItemAttendees, orders } from '../orders/orders.tables';
import { users } from '../users/users.tables';

/**
 * A family's request to be paid back for an order, whole or for some attendees, with a reason;
 * staff approve it (in full or in part) or reject it (docs/architecture.md#refunds).
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    requestedById: integer('requested_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text().notNull(),
    status: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why staff rejected it, or a note with a partial approval. */
    decisionNote: text('decision_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refund_requests_order_idx').on(t.orderId),
    index('refund_requests_status_created_idx').on(t.status, t.createdAt),
  ],
);

/** The attendees a refund request names (none: the whole order). */
export const refundRequestAttendees = pgTable(
  'refund_request_attendees',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    refundRequestId: integer('refund_request_id')
      .notNull()
      .references(() => refundRequests.id, { onDelete: 'cascade' }),
    orderItemAttendeeId: integer('order_item_attendee_id')
      .notNull()
      .references(() => orderItemAttendees.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('refund_request_attendees_unique').on(t.refundRequestId, t.orderItemAttendeeId),
  ],
);

/**
 * Money paid back for an order, by its method. Written under a lock on the order row after
 * checking that every refund of the order together stays within what was paid (and within what
 * its method took); a card's is pending until the provider's confirmation (webhook) makes it
 * succeeded, once; cash, check and credit succeed in the transaction that writes them
 * (docs/decisions/065-refunds-by-method-and-late-payments-kept-as-credit.md).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    refundRequestId: integer('refund_request_id').references(() => refundRequests.id, {
      onDelete: 'set null',
    }),
    amount: integer().notNull(),
    reason: text().notNull(),
    /** How the money goes back (contract REFUND_METHODS); only `card` goes through the provider. */
    method: text({ enum: REFUND_METHODS }).notNull().default('card'),
    status: text({ enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    /** Sent to the provider with the refund, so a retried request refunds once. */
    idempotencyKey: text('idempotency_key').notNull(),
    providerRefundId: text('provider_refund_id'),
    /**
     * A card refund held until then, so the family can still choose to keep the money as account
     * credit (a late payment's return); null: sent at once.
     */
    sendAfter: timestamp('send_after', { withTimezone: true }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_unique').on(t.idempotencyKey),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_provider_refund_idx').on(t.providerRefundId),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    check('refunds_method_valid', sql`${t.method} IN ('card', 'cash', 'check', 'credit')`),
  ],
);

/** The attendees a refund pays back for: their enrollments end and their seats free up. */
export const refundAttendees = pgTable(
  'refund_attendees',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderItemAttendeeId: integer('order_item_attendee_id')
      .notNull()
      .references(() => orderItemAttendees.id, { onDelete: 'restrict' }),
  },
  (t) => [uniqueIndex('refund_attendees_unique').on(t.refundId, t.orderItemAttendeeId)],
);
