import { CART_ITEM_KINDS, ORDER_STATUSES, type StoredOrderItemSnapshot } from '@atelier/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { klassGroupSchedules } from '../classes/classes.tables';
import { guestCustomers } from '../customers/customers.tables';
import { attendeeProfiles, users } from '../users/users.tables';

/**
 * An order made from a cart at checkout. Money is integer cents, copied from the pricing at the
 * instant the order was made: what the buyer agreed to pay, whatever prices do later.
 * Orders are money records: the accounts and schedules they name cannot be deleted under them.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The buyer's account; null for a walk-in's order until they register (docs/product.md#customers). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The walk-in customer an order was booked for by staff; kept after their history joins an account. */
    guestCustomerId: integer('guest_customer_id').references(() => guestCustomers.id, {
      onDelete: 'restrict',
    }),
    /** The staff member who booked a walk-in's order; null for an order placed at checkout. */
    placedById: integer('placed_by_id').references(() => users.id, { onDelete: 'set null' }),
    // docs/architecture.md#orders-and-payments: pending → paid | failed | canceled | expired, then refunds.
    status: text({ enum: ORDER_STATUSES }).notNull().default('pending'),
    currency: text().notNull(),
    subtotal: integer().notNull(),
    discount: integer().notNull(),
    total: integer().notNull(),
    /** How much of the total the family's account credit paid; the card pays the rest. */
    creditApplied: integer('credit_applied').notNull().default(0),
    /** The client's Idempotency-Key: the same key from the same account is the same order. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** Seats (and a coupon use) are held until then while the order is pending. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Why the last card attempt failed, as the provider said it (shown on the form). */
    paymentError: text('payment_error'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_user_idempotency_unique').on(t.userId, t.idempotencyKey),
    index('orders_user_status_created_idx').on(t.userId, t.status, t.createdAt),
    index('orders_status_expires_idx').on(t.status, t.expiresAt),
    index('orders_guest_customer_idx').on(t.guestCustomerId),
    uniqueIndex('orders_guest_idempotency_unique').on(t.guestCustomerId, t.idempotencyKey),
    check('orders_has_buyer', sql`${t.userId} IS NOT NULL OR ${t.guestCustomerId} IS NOT NULL`),
    check(
      'orders_amounts_valid',
      sql`${t.subtotal} >= 0 AND ${t.discount} >= 0 AND ${t.total} >= 0 AND ${t.creditApplied} >= 0 AND ${t.creditApplied} <= ${t.total}`,
    ),
  ],
);

/**
 * One item of an order, priced and described as it was when ordered; of the cart item's kind
 * (docs/decisions/076-class-passes-and-drop-ins.md): an `enrollment` books a schedule, a `pass`
 * buys a class pass, a `trial` buys one child's paid trial of one class, holding a seat of the
 * class's schedule while pending (docs/decisions/077-trial-classes.md). Each kind fills its own columns (the check below).
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text({ enum: CART_ITEM_KINDS }).notNull().default('enrollment'),
    /** An enrollment's schedule, or a trial's class's schedule; null for a pass. */
    scheduleId: integer('schedule_id').references(() => klassGroupSchedules.id, {
      onDelete: 'restrict',
    }),
    /** The plan's id when ordered; the plan itself may change or go later (the snapshot keeps it). */
    planId: integer('plan_id'),
    /** A pass item's pass when ordered; no foreign key: the order outlives it (the snapshot keeps it). */
    passId: integer('pass_id'),
    /** A trial item's class when ordered; no foreign key: the order outlives it (the snapshot keeps it). */
    klassId: integer('klass_id'),
    numberOfAttendees: integer('number_of_attendees').notNull(),
    units: integer().notNull(),
    subtotal: integer().notNull(),
    discount: integer().notNull(),
    total: integer().notNull(),
    /** The coupon applied, by id and by code as typed; no foreign key: the order outlives it. */
    couponId: integer('coupon_id'),
    couponCode: text('coupon_code'),
    /** Names, dates and prices as shown when ordered (contract OrderItemSnapshot). */
    snapshot: jsonb().$type<StoredOrderItemSnapshot>().notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_schedule_idx').on(t.scheduleId),
    check('order_items_attendees_positive', sql`${t.numberOfAttendees} >= 1`),
    check(
      'order_items_kind_columns',
      sql`(${t.kind} = 'enrollment' AND ${t.scheduleId} IS NOT NULL AND ${t.planId} IS NOT NULL AND ${t.passId} IS NULL AND ${t.klassId} IS NULL) OR (${t.kind} = 'pass' AND ${t.passId} IS NOT NULL AND ${t.scheduleId} IS NULL AND ${t.planId} IS NULL AND ${t.klassId} IS NULL) OR (${t.kind} = 'trial' AND ${t.klassId} IS NOT NULL AND ${t.scheduleId} IS NOT NULL AND ${t.planId} IS NULL AND ${t.passId} IS NULL AND ${t.numberOfAttendees} = 1)`,
    ),
  ],
);

/** The people an order item books; each becomes an enrollment when the order is paid. */
export const orderItemAttendees = pgTable(
  'order_item_attendees',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /**
     * Null once the family deleted their account: the order stays for the school's accounts, the
     * child does not (docs/decisions/072-a-familys-data-is-theirs.md). Only that erasure detaches
     * it; otherwise a profile on an order cannot be deleted (a family member "in use").
     */
    attendeeProfileId: integer('attendee_profile_id').references(() => attendeeProfiles.id, {
      onDelete: 'restrict',
    }),
    /** The attendee's name when ordered ("Deleted family #id" once the family deleted their account). */
    name: text().notNull(),
  },
  (t) => [
    uniqueIndex('order_item_attendees_unique').on(t.orderItemId, t.attendeeProfileId),
    index('order_item_attendees_profile_idx').on(t.attendeeProfileId),
  ],
);

/**
 * What happened to an order, in order: placed, payment failed, paid, refund requested, refunded,
 * cancelled, expired… (its history in order management). `data` carries the event's details.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);
