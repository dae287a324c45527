import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { upwardKey } from '../../db/upward-key';
import { attendeeProfiles, users } from '../users/users.tables';

// Saved cards, monthly enrollments and billing runs
// (docs/decisions/075-monthly-tuition-and-billing-runs.md). Money in integer cents; a billing
// period is a calendar month of the school's time zone, written `YYYY-MM`.

/** The family's customer at the payment provider, made with its first saved card. */
export const paymentCustomers = pgTable('payment_customers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text({ enum: ['stripe', 'fake'] }).notNull(),
  customerId: text('customer_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A family's saved card: what the provider reported of it (never its number). The family is the
 * account holder (decision 071: second guardians use the family's cards).
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text({ enum: ['stripe', 'fake'] }).notNull(),
    providerMethodId: text('provider_method_id').notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_methods_provider_method_unique').on(t.provider, t.providerMethodId),
    index('payment_methods_user_idx').on(t.userId),
    uniqueIndex('payment_methods_one_default').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/**
 * A child's place in a month-plan schedule paid month by month: the first month at checkout, the
 * next ones by billing runs until the schedule's last month, or the month the family ended it.
 * What a month costs is kept as it was at checkout, like an order's snapshot.
 */
export const monthlyEnrollments = pgTable(
  'monthly_enrollments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The family billed. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => upwardKey('order_items'), { onDelete: 'restrict' }),
    /** Null once the family deleted its account (its children's profiles go; decision 072). */
    attendeeProfileId: integer('attendee_profile_id').references(() => attendeeProfiles.id, {
      onDelete: 'set null',
    }),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => upwardKey('klass_group_schedules'), { onDelete: 'restrict' }),
    childName: text('child_name').notNull(),
    programme: text().notNull(),
    scheduleName: text('schedule_name').notNull(),
    /** A full month's price (the plan's unit price), in cents. */
    monthlyPrice: integer('monthly_price').notNull(),
    currency: text().notNull(),
    /** The schedule's zone and run (YYYY-MM-DD) as ordered. */
    timeZone: text('time_zone').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    /** The month paid at checkout; runs bill the months after it. */
    firstPeriod: text('first_period').notNull(),
    /** The last month billed when the family ended it; null while it runs to the schedule's end. */
    lastPeriod: text('last_period'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The card autopay charges; null: the month goes on the balance, to pay from /orders. */
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('monthly_enrollments_item_attendee_unique').on(t.orderItemId, t.attendeeProfileId),
    index('monthly_enrollments_user_idx').on(t.userId),
    check('monthly_enrollments_price_nonnegative', sql`${t.monthlyPrice} >= 0`),
  ],
);

/**
 * A month billed for a monthly enrollment: one row per (enrollment, period), whoever runs it and
 * however often, so a month is never charged twice (the unique index is the guard; decision 075).
 */
export const billingCharges = pgTable(
  'billing_charges',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    monthlyEnrollmentId: integer('monthly_enrollment_id')
      .notNull()
      .references(() => monthlyEnrollments.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    period: text().notNull(),
    /** Cents charged: the month's price prorated by sessions; 0 for a month with no session. */
    amount: integer().notNull(),
    sessionsBilled: integer('sessions_billed').notNull(),
    sessionsInMonth: integer('sessions_in_month').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_charges_enrollment_period_unique').on(t.monthlyEnrollmentId, t.period),
    index('billing_charges_period_idx').on(t.period),
    check('billing_charges_amount_nonnegative', sql`${t.amount} >= 0`),
  ],
);

/**
 * Card money that is no order's: autopay of one month's charge (off-session, retried on day 3 and
 * day 7), or a family paying its balance from /orders. Its ledger payment is written once, when
 * the provider's signed event moves it from pending to succeeded.
 */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text({ enum: ['autopay', 'balance'] }).notNull(),
    /** The month's charge autopay pays (one payment per charge); null for a balance payment. */
    chargeId: integer('charge_id').references(() => billingCharges.id, { onDelete: 'restrict' }),
    period: text(),
    amount: integer().notNull(),
    currency: text().notNull(),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    /** The provider's intent of the latest attempt. */
    intentId: text('intent_id'),
    /** A balance payment's card form is initialised with this (the intent's client secret). */
    clientSecret: text('client_secret'),
    status: text({ enum: ['pending', 'retry', 'failed', 'succeeded'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    /** When a declined autopay is tried again (status `retry`). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_payments_charge_unique').on(t.chargeId),
    index('billing_payments_user_idx').on(t.userId),
    index('billing_payments_retry_idx').on(t.status, t.nextAttemptAt),
    // One balance payment awaiting the card per family: racing "Pay balance" requests answer the
    // same payment and intent (docs/architecture.md#monthly-tuition).
    uniqueIndex('billing_payments_one_pending_balance')
      .on(t.userId)
      .where(sql`${t.kind} = 'balance' and ${t.status} = 'pending'`),
    check('billing_payments_amount_positive', sql`${t.amount} > 0`),
  ],
);
