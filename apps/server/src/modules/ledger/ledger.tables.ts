import { LEDGER_ENTRY_KINDS, LEDGER_PAYMENT_METHODS } from '@atelier/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { upwardKey } from '../../db/upward-key';
import { guestCustomers } from '../customers/customers.tables';
import { payments } from '../payments/payments.tables';
import { users } from '../users/users.tables';

/**
 * A family's ledger (docs/decisions/062-family-ledger.md): one row per money move of an account
 * holder or a walk-in, in signed integer cents (positive: the family owes; negative: it paid or is
 * owed). Append-only: the migration adds a trigger refusing UPDATE, DELETE and TRUNCATE, so a
 * mistake is put right by a new entry. Its foreign keys never cascade or set null, which would
 * be an update the trigger refuses.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The account holder whose ledger it is; null for a walk-in's entry (see guest_customer_id). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /**
     * The walk-in whose ledger it is, kept when their history joins an account: the account's
     * ledger reads its joined walk-ins' entries too, since an entry is never rewritten.
     */
    guestCustomerId: integer('guest_customer_id').references(() => guestCustomers.id, {
      onDelete: 'restrict',
    }),
    kind: text({ enum: LEDGER_ENTRY_KINDS }).notNull(),
    amount: integer().notNull(),
    currency: text().notNull(),
    /** How a payment or refund moved; null for the other kinds. */
    method: text({ enum: LEDGER_PAYMENT_METHODS }),
    /** What it is for as written then: the class booked, the coupon, staff's reason. */
    description: text().notNull().default(''),
    orderId: integer('order_id').references(() => upwardKey('orders'), { onDelete: 'restrict' }),
    orderItemId: integer('order_item_id').references(() => upwardKey('order_items'), {
      onDelete: 'restrict',
    }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    refundId: integer('refund_id').references(() => upwardKey('refunds'), { onDelete: 'restrict' }),
    /**
     * The month of tuition a monthly enrollment's charge or its payment is for (`YYYY-MM`, the
     * school's calendar: docs/decisions/075-monthly-tuition-and-billing-runs.md); null otherwise.
     */
    billingPeriod: text('billing_period'),
    /** Who made it: the buyer, the staff member; null for the system. */
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId, t.createdAt),
    index('ledger_entries_guest_customer_idx').on(t.guestCustomerId, t.createdAt),
    index('ledger_entries_order_idx').on(t.orderId),
    index('ledger_entries_refund_idx').on(t.refundId),
    index('ledger_entries_created_idx').on(t.createdAt),
    check(
      'ledger_entries_has_owner',
      sql`${t.userId} IS NOT NULL OR ${t.guestCustomerId} IS NOT NULL`,
    ),
    // The kind says the sign (contract LEDGER_KIND_SIGN); a zero move is not written at all.
    check(
      'ledger_entries_amount_signed',
      sql`CASE WHEN ${t.kind} IN ('charge', 'refund', 'credit_applied') THEN ${t.amount} > 0 ELSE ${t.amount} < 0 END`,
    ),
    check(
      'ledger_entries_method_of_money',
      sql`(${t.method} IS NOT NULL) = (${t.kind} IN ('payment', 'refund'))`,
    ),
  ],
);
