import { z } from 'zod';
import { plainResourceObjectSchema } from '../common/json-api';
import { LEDGER_PAYMENT_METHODS } from '../ledger/ledger.schemas';
import { ORDER_STATUSES } from './orders.schemas';

// A paid order's receipt (docs/product.md#receipts): what the HTML receipt in /orders shows, the
// same lines as its PDF. Money in integer cents; instants ISO 8601 UTC; plain dates YYYY-MM-DD.

export const receiptAttributesSchema = z.object({
  school: z.object({
    name: z.string(),
    address_lines: z.array(z.string()),
    /** Empty when the school has none configured. */
    tax_id: z.string(),
    /** The zone the receipt's dates are read in. */
    time_zone: z.string(),
  }),
  order_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  ordered_at: z.string(),
  paid_at: z.string().nullable(),
  items: z.array(
    z.object({
      programme: z.string(),
      schedule: z.string(),
      start_date: z.string(),
      end_date: z.string(),
      attendees: z.array(z.string()),
      /** At list price. */
      subtotal: z.number().int(),
      discount: z.number().int(),
      total: z.number().int(),
      coupon_code: z.string().nullable(),
    }),
  ),
  subtotal: z.number().int(),
  /** Each discount: a coupon's (its code), or one on the order as a whole (code null). */
  discounts: z.array(z.object({ code: z.string().nullable(), amount: z.number().int() })),
  total: z.number().int(),
  /** How it was paid; empty when there was nothing to pay. */
  payments: z.array(
    z.object({
      method: z.enum(LEDGER_PAYMENT_METHODS),
      amount: z.number().int(),
      /** The card's brand (Stripe's id: `visa`, `mastercard`…) and last four digits, if by card. */
      card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    }),
  ),
  refunds: z.array(
    z.object({
      amount: z.number().int(),
      at: z.string(),
      method: z.enum(LEDGER_PAYMENT_METHODS),
    }),
  ),
  /** The total less what was refunded. */
  net_paid: z.number().int(),
});

export const receiptResourceSchema = plainResourceObjectSchema('receipts', receiptAttributesSchema);
export type ReceiptResource = z.infer<typeof receiptResourceSchema>;

export const receiptDocumentSchema = z.object({ data: receiptResourceSchema });
export type ReceiptDocument = z.infer<typeof receiptDocumentSchema>;

/** A receipt as the web holds it after `flatten`. */
export const receiptSchema = receiptAttributesSchema.extend({
  id: z.string(),
  type: z.literal('receipts'),
});
export type Receipt = z.infer<typeof receiptSchema>;
