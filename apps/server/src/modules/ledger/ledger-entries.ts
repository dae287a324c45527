import {
  LEDGER_KIND_SIGN,
  type LedgerEntryKind,
  type LedgerPaymentMethod,
} from '@atelier/contract';
import type { NewLedgerEntryRow } from './ledger.repository';

// What each money move writes (docs/decisions/062-family-ledger.md). Pure: the callers (orders,
// refunds, staff) pass the facts and write the entries in the transaction of the move itself.

/** Whose ledger an entry goes to: the order's account and/or walk-in, as they are at the move. */
export type LedgerEntryOwner = { userId: number | null; guestCustomerId: number | null };

/** One entry to write; `amount` is signed as its kind says (contract LEDGER_KIND_SIGN). */
export type LedgerEntryInput = {
  owner: LedgerEntryOwner;
  kind: LedgerEntryKind;
  amount: number;
  currency: string;
  method?: LedgerPaymentMethod | null;
  description?: string;
  orderId?: number | null;
  orderItemId?: number | null;
  paymentId?: number | null;
  refundId?: number | null;
  /** The month of tuition it is for (decision 075). */
  billingPeriod?: string | null;
  createdById?: number | null;
  at: Date;
};

/** The row of an entry; refuses an amount whose sign is not its kind's (a caller's mistake). */
export function entryRowOf(entry: LedgerEntryInput): NewLedgerEntryRow {
  if (!Number.isInteger(entry.amount) || Math.sign(entry.amount) !== LEDGER_KIND_SIGN[entry.kind]) {
    throw new Error(`a ledger ${entry.kind} of ${entry.amount} has the wrong sign`);
  }
  return {
    userId: entry.owner.userId,
    guestCustomerId: entry.owner.guestCustomerId,
    kind: entry.kind,
    amount: entry.amount,
    currency: entry.currency,
    method: entry.method ?? null,
    description: entry.description ?? '',
    orderId: entry.orderId ?? null,
    orderItemId: entry.orderItemId ?? null,
    paymentId: entry.paymentId ?? null,
    refundId: entry.refundId ?? null,
    billingPeriod: entry.billingPeriod ?? null,
    createdById: entry.createdById ?? null,
    createdAt: entry.at,
  };
}

/** An order as its paid entries need it: the owner, the money, and each item's. */
export type PaidOrderFacts = LedgerEntryOwner & {
  id: number;
  currency: string;
  total: number;
  /** Cents of the total paid from the family's account credit (0 when none). */
  creditApplied?: number;
  items: {
    id: number;
    /** At list price: plan and add-ons times the attendees. */
    subtotal: number;
    discount: number;
    couponCode: string | null;
    /** The class booked, as the order's snapshot names it. */
    description: string;
  }[];
};

/** How an order was paid, by whom, when (`paymentId`: the card payment's row, if any). */
export type OrderPayment = {
  method: LedgerPaymentMethod;
  paymentId?: number | null;
  createdById: number | null;
  at: Date;
};

/**
 * An order becoming paid: a charge per item at list price, its discount, and the payment of the
 * total. Should the items not add up to the order's total, one more charge or discount on the
 * order says by how much, so the order's charges always net to its payments once paid. The part
 * paid from account credit is a payment by `account_credit` and a `credit_applied` of the same
 * amount, which spends the credit the balance held
 * (docs/decisions/064-account-credit-at-checkout.md).
 */
export function orderPaidEntries(order: PaidOrderFacts, payment: OrderPayment): LedgerEntryInput[] {
  const owner = { userId: order.userId, guestCustomerId: order.guestCustomerId };
  const base = {
    owner,
    currency: order.currency,
    orderId: order.id,
    createdById: payment.createdById,
    at: payment.at,
  };
  const entries: LedgerEntryInput[] = [];
  for (const item of order.items) {
    if (item.subtotal > 0) {
      entries.push({
        ...base,
        kind: 'charge',
        amount: item.subtotal,
        orderItemId: item.id,
        description: item.description,
      });
    }
    if (item.discount > 0) {
      entries.push({
        ...base,
        kind: 'discount',
        amount: -item.discount,
        orderItemId: item.id,
        description: item.couponCode ?? '',
      });
    }
  }
  const itemsNet = order.items.reduce((s, i) => s + i.subtotal - i.discount, 0);
  const gap = order.total - itemsNet;
  if (gap !== 0) {
    entries.push({ ...base, kind: gap > 0 ? 'charge' : 'discount', amount: gap });
  }
  const credit = order.creditApplied ?? 0;
  entries.push(...paymentEntries({ ...order, total: order.total - credit }, payment));
  if (credit > 0) {
    entries.push(
      { ...base, kind: 'payment', amount: -credit, method: 'account_credit' },
      { ...base, kind: 'credit_applied', amount: credit },
    );
  }
  return entries;
}

/** The money taken for an order, `total` being what the method took (none when it is 0). */
export function paymentEntries(
  order: LedgerEntryOwner & { id: number; currency: string; total: number },
  payment: OrderPayment,
): LedgerEntryInput[] {
  if (order.total <= 0) return [];
  return [
    {
      owner: { userId: order.userId, guestCustomerId: order.guestCustomerId },
      kind: 'payment',
      amount: -order.total,
      currency: order.currency,
      method: payment.method,
      orderId: order.id,
      paymentId: payment.paymentId ?? null,
      createdById: payment.createdById,
      at: payment.at,
    },
  ];
}

/**
 * A refund that went through: the amount is taken off what the family was charged (a credit),
 * and the money goes back to it (a refund), so the balance does not move while the order's
 * paid − refunded does.
 */
export function refundEntries(
  order: LedgerEntryOwner & { id: number; currency: string },
  refund: {
    id: number;
    amount: number;
    reason: string;
    method: LedgerPaymentMethod;
    createdById: number | null;
    at: Date;
  },
): LedgerEntryInput[] {
  const base = {
    owner: { userId: order.userId, guestCustomerId: order.guestCustomerId },
    currency: order.currency,
    orderId: order.id,
    refundId: refund.id,
    createdById: refund.createdById,
    at: refund.at,
  };
  return [
    { ...base, kind: 'credit', amount: -refund.amount, description: refund.reason },
    { ...base, kind: 'refund', amount: refund.amount, method: refund.method },
  ];
}

/**
 * A card payment returned because it came after the order's seats went to others: the payment
 * was written alone (nothing was sold, nothing charged), so only the refund goes back against it
 * and the balance returns to where it was (docs/decisions/063-late-payments-are-returned.md).
 */
export function returnedPaymentEntries(
  order: LedgerEntryOwner & { id: number; currency: string },
  refund: { id: number; amount: number; createdById: number | null; at: Date },
): LedgerEntryInput[] {
  return [
    {
      owner: { userId: order.userId, guestCustomerId: order.guestCustomerId },
      kind: 'refund',
      amount: refund.amount,
      currency: order.currency,
      method: 'card',
      orderId: order.id,
      refundId: refund.id,
      createdById: refund.createdById,
      at: refund.at,
    },
  ];
}

/**
 * A refund kept as account credit (docs/decisions/065-refunds-by-method-and-late-payments-kept-as-credit.md):
 * on the order it reads as every refund does (a credit off what was charged and a refund, by
 * `account_credit`), so the order's entries still show paid − refunded and the sales overview
 * counts it among refunds; one more credit, on no order, is what the family is now owed, so the
 * balance falls by the amount until it is spent. `charged: false` is a late payment kept: nothing
 * was charged, so no credit comes off a charge (as returnedPaymentEntries).
 */
export function creditRefundEntries(
  order: LedgerEntryOwner & { id: number; currency: string },
  refund: {
    id: number;
    amount: number;
    reason: string;
    createdById: number | null;
    at: Date;
    charged: boolean;
  },
): LedgerEntryInput[] {
  const base = {
    owner: { userId: order.userId, guestCustomerId: order.guestCustomerId },
    currency: order.currency,
    refundId: refund.id,
    createdById: refund.createdById,
    at: refund.at,
  };
  return [
    ...(refund.charged
      ? [
          {
            ...base,
            orderId: order.id,
            kind: 'credit' as const,
            amount: -refund.amount,
            description: refund.reason,
          },
        ]
      : []),
    {
      ...base,
      orderId: order.id,
      kind: 'refund',
      amount: refund.amount,
      method: 'account_credit',
    },
    {
      ...base,
      kind: 'credit',
      amount: -refund.amount,
      description: `Order #${order.id}: ${refund.reason}`,
    },
  ];
}
