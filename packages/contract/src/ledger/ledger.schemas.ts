import { z } from 'zod';
import { plainResourceObjectSchema } from '../common/json-api';
import { pageMetaSchema } from '../common/page.schemas';
import { textSchema } from '../common/text.schemas';

// A family's ledger (docs/product.md#a-familys-ledger, docs/decisions/062-family-ledger.md): every
// money move of an account holder or a walk-in is an entry, never changed or removed. Amounts are
// integer cents, signed: positive is what the family owes, negative what it is owed or paid.

/**
 * What an entry records. Charges (+): an order item at list price, or staff's charge. Discounts
 * (−): a coupon's. Payments (−): money taken. Refunds (+): money given back. Credits (−): what the
 * school owes back (a refund's amount taken off the charges, or staff's credit). Write-offs (−): a
 * debt forgiven. Credit applied (+): account credit spent on an order at checkout, which the order's
 * payment by `account_credit` answers, so the credit is counted once.
 */
export const LEDGER_ENTRY_KINDS = [
  'charge',
  'discount',
  'payment',
  'refund',
  'credit',
  'write_off',
  'credit_applied',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** How a payment or refund moved: by card, cash or check at the desk, or from account credit. */
export const LEDGER_PAYMENT_METHODS = ['card', 'cash', 'check', 'account_credit'] as const;
export type LedgerPaymentMethod = (typeof LEDGER_PAYMENT_METHODS)[number];

/** The sign each kind's amount has: +1 owed by the family, −1 owed to (or paid by) it. */
export const LEDGER_KIND_SIGN: Record<LedgerEntryKind, 1 | -1> = {
  charge: 1,
  discount: -1,
  payment: -1,
  refund: 1,
  credit: -1,
  write_off: -1,
  credit_applied: 1,
};

/** What staff may add by hand, with a reason. */
export const LEDGER_ADJUSTMENT_KINDS = ['credit', 'charge'] as const;
export type LedgerAdjustmentKind = (typeof LEDGER_ADJUSTMENT_KINDS)[number];

/** The largest credit or charge staff may add at once: $100,000.00. */
export const LEDGER_ADJUSTMENT_MAX = 10_000_000;
/** The most characters of an adjustment's reason. */
export const LEDGER_REASON_MAX_LENGTH = 500;

/**
 * `POST /api/v2/admin/customers/{id}/ledger`: a credit (the family is owed `amount`) or a charge
 * (it owes `amount`), in cents, always written positive; the entry carries the sign.
 */
export const ledgerAdjustmentBodySchema = z.object({
  kind: z.enum(LEDGER_ADJUSTMENT_KINDS, { error: 'Choose credit or charge' }),
  amount: z
    .int({ error: (issue) => (issue.input === undefined ? 'Required' : 'Must be a whole number') })
    .min(1, 'Must be at least 1')
    .max(LEDGER_ADJUSTMENT_MAX, `Must be at most ${LEDGER_ADJUSTMENT_MAX}`),
  reason: textSchema({ min: 1, max: LEDGER_REASON_MAX_LENGTH }),
});
export type LedgerAdjustmentBody = z.input<typeof ledgerAdjustmentBodySchema>;

export const ledgerEntryAttributesSchema = z.object({
  kind: z.enum(LEDGER_ENTRY_KINDS),
  /** Signed cents: positive owed by the family, negative owed to it or paid. */
  amount: z.number().int(),
  currency: z.string(),
  /** For payments and refunds: how the money moved; null otherwise. */
  method: z.enum(LEDGER_PAYMENT_METHODS).nullable(),
  /** What it is for, as written then: the class booked, the coupon, staff's reason. */
  description: z.string(),
  order_id: z.string().nullable(),
  order_item_id: z.string().nullable(),
  payment_id: z.string().nullable(),
  refund_id: z.string().nullable(),
  /** The month of tuition it bills or pays (YYYY-MM), for monthly enrollments; else null. */
  billing_period: z.string().nullable(),
  /** Who made it: the buyer, the staff member, or null for the system. */
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export const ledgerEntryResourceSchema = plainResourceObjectSchema(
  'ledger_entries',
  ledgerEntryAttributesSchema,
);
export type LedgerEntryResource = z.infer<typeof ledgerEntryResourceSchema>;
export const ledgerEntrySchema = ledgerEntryAttributesSchema.extend({
  id: z.string(),
  type: z.literal('ledger_entries'),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** The family's balance: the sum of all its entries (positive: it owes; negative: its credit). */
export const ledgerBalanceMetaSchema = z.object({
  balance: z.number().int(),
  currency: z.string(),
});

/** A page of a ledger, newest first, with the balance of the whole ledger. */
export const ledgerDocumentSchema = z.object({
  data: z.array(ledgerEntryResourceSchema),
  meta: pageMetaSchema.extend(ledgerBalanceMetaSchema.shape),
});
export type LedgerDocument = z.infer<typeof ledgerDocumentSchema>;

/** `POST /api/v2/admin/customers/{id}/ledger`: the entry written and the balance after it. */
export const ledgerEntryDocumentSchema = z.object({
  data: ledgerEntryResourceSchema,
  meta: ledgerBalanceMetaSchema,
});
export type LedgerEntryDocument = z.infer<typeof ledgerEntryDocumentSchema>;

/** The years a yearly statement can be asked for (docs/product.md#receipts). */
export const STATEMENT_YEAR_MIN = 2000;
export const STATEMENT_YEAR_MAX = 2100;

/** `GET /api/v2/account/statement.pdf?year=YYYY`: the calendar year, in the school's time zone. */
export const statementQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'Enter a year, such as 2026' })
    .int('Enter a year, such as 2026')
    .min(STATEMENT_YEAR_MIN, `Enter a year from ${STATEMENT_YEAR_MIN}`)
    .max(STATEMENT_YEAR_MAX, `Enter a year up to ${STATEMENT_YEAR_MAX}`),
});
export type StatementQuery = z.input<typeof statementQuerySchema>;
