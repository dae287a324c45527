import type { LedgerPaymentMethod, OrderStatus } from '@atelier/contract';
import type { SchoolFacts } from '../../config';
import type { LedgerLine } from '../ledger';
import type { PaymentCard } from '../payments';

// What a receipt says (docs/product.md#receipts), apart from its language and layout: the
// HTML receipt in /orders, the PDF and the paid-order mail read the same lines.

/** An order as its receipt needs it: the money, and each item as it was when ordered. */
export type ReceiptOrder = {
  id: number;
  status: OrderStatus;
  currency: string;
  subtotal: number;
  discount: number;
  total: number;
  /** Account credit spent on it at checkout (cents). */
  creditApplied: number;
  createdAt: Date;
  paidAt: Date | null;
  items: {
    programme: string;
    schedule: string;
    /** Plain dates (YYYY-MM-DD) of the schedule, as its snapshot holds them. */
    startDate: string;
    endDate: string;
    attendees: string[];
    /** At list price (cents). */
    subtotal: number;
    discount: number;
    total: number;
    couponCode: string | null;
  }[];
};

export type ReceiptPayment = {
  method: LedgerPaymentMethod;
  amount: number;
  /** The card's brand and last four digits, when paid by card and the provider said. */
  card: PaymentCard | null;
};

export type ReceiptRefund = { amount: number; at: Date; method: LedgerPaymentMethod };

export type Receipt = {
  school: SchoolFacts;
  orderId: number;
  status: OrderStatus;
  currency: string;
  orderedAt: Date;
  paidAt: Date | null;
  items: ReceiptOrder['items'];
  subtotal: number;
  /** Each discount: a coupon's (its code), or one on the order as a whole (code null). */
  discounts: { code: string | null; amount: number }[];
  total: number;
  payments: ReceiptPayment[];
  refunds: ReceiptRefund[];
  /** What the family paid and kept: the total less what was refunded. */
  netPaid: number;
};

/**
 * A receipt from the order, its ledger entries (how it was paid, what went back: the ledger
 * holds each move with its method, docs/decisions/062-family-ledger.md) and the card the
 * provider reported.
 */
export function receiptOf(
  school: SchoolFacts,
  order: ReceiptOrder,
  ledger: LedgerLine[],
  card: PaymentCard | null,
): Receipt {
  const discounts: Receipt['discounts'] = order.items
    .filter((item) => item.discount > 0)
    .map((item) => ({ code: item.couponCode, amount: item.discount }));
  const itemDiscounts = discounts.reduce((sum, d) => sum + d.amount, 0);
  if (order.discount > itemDiscounts) {
    discounts.push({ code: null, amount: order.discount - itemDiscounts });
  }

  const payments: ReceiptPayment[] = [];
  for (const entry of ledger) {
    if (entry.kind !== 'payment' || entry.method === null) continue;
    const same = payments.find((p) => p.method === entry.method);
    if (same) same.amount += -entry.amount;
    else {
      payments.push({
        method: entry.method,
        amount: -entry.amount,
        card: entry.method === 'card' ? card : null,
      });
    }
  }
  // Credit spent at checkout is on the order; its ledger entry, when written, says the same.
  if (order.creditApplied > 0 && !payments.some((p) => p.method === 'account_credit')) {
    payments.push({ method: 'account_credit', amount: order.creditApplied, card: null });
  }

  const refunds: ReceiptRefund[] = ledger
    .filter((entry) => entry.kind === 'refund')
    .map((entry) => ({ amount: entry.amount, at: entry.at, method: entry.method ?? 'card' }));
  const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
  const paid = payments.reduce((sum, p) => sum + p.amount, 0);

  return {
    school,
    orderId: order.id,
    status: order.status,
    currency: order.currency,
    orderedAt: order.createdAt,
    paidAt: order.paidAt,
    items: order.items,
    subtotal: order.subtotal,
    discounts,
    total: order.total,
    payments,
    refunds,
    netPaid: paid - refunded,
  };
}
