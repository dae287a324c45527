import { type LedgerPaymentMethod, orderItemTitle } from '@atelier/contract';
import type { Db } from '../../db/client';
import { orderPaidEntries, paymentEntries, recordEntries } from '../ledger';
import { paymentIdOfOrder } from '../payments';
import { amountDue } from './order-amounts';
import type { OrderItemWithAttendees, OrderRow } from './orders.repository';

// An order's money moves in its family's ledger (docs/decisions/062-family-ledger.md), written by
// the orders module in the transaction that makes the order paid.

/** How an order was paid: a card through the provider, or cash or check at the desk. */
export type OrderPaidBy = { method: LedgerPaymentMethod; createdById: number | null };

/** By card, by whoever holds the account, or the staff member who took a walk-in's card. */
export const paidByCard = (order: OrderRow): OrderPaidBy => ({
  method: 'card',
  createdById: order.userId ?? order.placedById,
});

/** The class an item booked, as its snapshot names it, for the charge's description. */
function itemDescription(item: OrderItemWithAttendees): string {
  if (item.kind === 'pass') {
    return `${item.snapshot.pass.name} · ${item.snapshot.pass.visits} visits`;
  }
  if (item.kind === 'trial') return orderItemTitle(item.snapshot);
  const s = item.snapshot;
  const addons = s.addons.map((a) => a.name);
  const what = [s.klass_group.name, s.klass_group_schedule.name, s.plan.name, ...addons];
  return `${what.join(' · ')} × ${item.numberOfAttendees}`;
}

/** The charges, discounts and payment of an order that has just become paid. */
export async function recordOrderPaid(
  tx: Db,
  order: OrderRow,
  items: OrderItemWithAttendees[],
  paidBy: OrderPaidBy,
  at: Date,
): Promise<void> {
  const paymentId = paidBy.method === 'card' ? await paymentIdOfOrder(tx, order.id) : null;
  await recordEntries(
    tx,
    orderPaidEntries(
      {
        id: order.id,
        userId: order.userId,
        guestCustomerId: order.guestCustomerId,
        currency: order.currency,
        total: order.total,
        creditApplied: order.creditApplied,
        items: items.map((item) => ({
          id: item.id,
          subtotal: item.subtotal,
          discount: item.discount,
          couponCode: item.couponCode,
          description: itemDescription(item),
        })),
      },
      { ...paidBy, paymentId, at },
    ),
  );
}

/**
 * A card payment that came after the order's seats went to others: the money was taken but
 * nothing was sold, so the family's ledger shows the payment alone, a credit owed back to it.
 * The card paid the total less the account credit the order set aside; that credit was never
 * spent, since nothing was sold.
 */
export async function recordPaymentWithoutSale(
  tx: Db,
  order: OrderRow,
  paidBy: OrderPaidBy,
  at: Date,
): Promise<void> {
  const paymentId = paidBy.method === 'card' ? await paymentIdOfOrder(tx, order.id) : null;
  await recordEntries(
    tx,
    paymentEntries({ ...order, total: amountDue(order) }, { ...paidBy, paymentId, at }),
  );
}
