import { REFUND_MESSAGES, type RefundMethod } from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, notFound, ValidationError } from '../../lib/app-error';
import { orderPaymentsByMethod } from '../ledger';
import {
  amountDue,
  lockOrderRow,
  type OrderAttendeeRow,
  type OrderRow,
  recordOrderEvent,
} from '../orders';
import type { RefundsContext } from './refunds.context';
import { insertRefund, type RefundRow, refundSums, refundSumsByMethod } from './refunds.repository';

// The rules every refund path shares (docs/architecture.md#refunds): what may be refunded, how
// much is left, and the pending refund written under the order's lock.

/** Orders whose money may go back. */
export const REFUNDABLE: readonly OrderRow['status'][] = ['paid', 'partially_refunded'];

export const money = (currency: string, cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

/** An attendee's share of an item: its total split evenly, the last cent kept by rounding. */
export function shareOf(attendees: OrderAttendeeRow[]): number {
  const byItem = new Map<number, { total: number; n: number; k: number }>();
  for (const a of attendees) {
    const entry = byItem.get(a.orderItemId) ?? { total: a.itemTotal, n: a.itemAttendees, k: 0 };
    entry.k += 1;
    byItem.set(a.orderItemId, entry);
  }
  let sum = 0;
  for (const { total, n, k } of byItem.values()) sum += Math.round((total * k) / Math.max(n, 1));
  return sum;
}

/** The order-item attendee rows of these attendee profiles; 422 naming the field otherwise. */
export function chooseAttendees(all: OrderAttendeeRow[], profileIds: number[] | undefined) {
  if (!profileIds || profileIds.length === 0) return [];
  const chosen = all.filter(
    (a) => a.attendeeProfileId !== null && profileIds.includes(a.attendeeProfileId),
  );
  const known = new Set(chosen.map((a) => a.attendeeProfileId));
  if (profileIds.some((id) => !known.has(id))) {
    throw new ValidationError([
      { field: 'attendee_profile_ids', detail: REFUND_MESSAGES.notAnAttendee },
    ]);
  }
  return chosen;
}

export async function remainingOf(tx: Db, order: OrderRow) {
  const sums = await refundSums(tx, order.id);
  return { ...sums, remaining: Math.max(order.total - sums.pending - sums.succeeded, 0) };
}

/** A way an order's money may go back and the most it may still return that way. */
export type RefundOption = { method: RefundMethod; max: number };

/**
 * The ways an order's money may go back, the default first (docs/decisions/065-refunds-by-method-and-late-payments-kept-as-credit.md):
 * money goes back the way it came — a card's to the card, the desk's (cash or check) in cash or
 * by check — each capped at what that way took less what went back that way already; anything
 * may go back as account credit, up to what is left. How the order was paid is read from its
 * ledger payments; the card's share never exceeds what account credit did not pay.
 */
export async function refundOptions(tx: Db, order: OrderRow): Promise<RefundOption[]> {
  const { remaining } = await remainingOf(tx, order);
  const paid = await orderPaymentsByMethod(tx, order.id);
  const back = await refundSumsByMethod(tx, order.id);
  const inMoney = Math.max(amountDue(order), 0);
  const card = Math.min(paid.card ?? 0, inMoney);
  const desk = Math.min((paid.cash ?? 0) + (paid.check ?? 0), inMoney);
  const left = (took: number, gone: number) => Math.max(Math.min(took - gone, remaining), 0);
  const options: RefundOption[] = [];
  if (card > 0) options.push({ method: 'card', max: left(card, back.card) });
  if (desk > 0) {
    const deskLeft = left(desk, back.cash + back.check);
    // The way the desk took it first: a check paid back by check, cash in cash.
    const first: RefundMethod = (paid.check ?? 0) > (paid.cash ?? 0) ? 'check' : 'cash';
    options.push({ method: first, max: deskLeft });
    options.push({ method: first === 'cash' ? 'check' : 'cash', max: deskLeft });
  }
  options.push({ method: 'credit', max: remaining });
  return options;
}

/** Why a method is not offered for this order (422 on `method`). */
function refusedMethod(options: RefundOption[], method: RefundMethod): string {
  const has = (m: RefundMethod) => options.some((o) => o.method === m);
  if (method === 'card')
    return has('cash') ? REFUND_MESSAGES.notPaidByCard : REFUND_MESSAGES.noMoneyPaid;
  return has('card') ? REFUND_MESSAGES.paidByCard : REFUND_MESSAGES.noMoneyPaid;
}

/**
 * Writes a pending refund under the order's lock once the order's refunds together, this one
 * included, stay within what was paid, and within what its method may still return
 * (docs/architecture.md#refunds). No method: the order's default (the way it was paid).
 */
export async function createRefund(
  tx: Db,
  order: OrderRow,
  input: {
    amount: number;
    reason: string;
    method?: RefundMethod | undefined;
    attendees: OrderAttendeeRow[];
    requestId: number | null;
    actorId: number;
  },
): Promise<RefundRow> {
  const { remaining } = await remainingOf(tx, order);
  if (remaining <= 0) throw new AppError('conflict', REFUND_MESSAGES.nothingLeft);
  const options = await refundOptions(tx, order);
  const method = input.method ?? options[0]?.method ?? 'credit';
  const option = options.find((o) => o.method === method);
  if (!option) {
    throw new ValidationError([{ field: 'method', detail: refusedMethod(options, method) }]);
  }
  if (input.amount > remaining) {
    throw new ValidationError([
      {
        field: 'amount',
        detail: REFUND_MESSAGES.exceedsRemaining(money(order.currency, remaining)),
      },
    ]);
  }
  if (method !== 'credit' && input.amount > option.max) {
    throw new ValidationError([
      {
        field: 'amount',
        detail: REFUND_MESSAGES.exceedsMethod(method, money(order.currency, option.max)),
      },
    ]);
  }
  const refund = await insertRefund(
    tx,
    {
      orderId: order.id,
      refundRequestId: input.requestId,
      amount: input.amount,
      reason: input.reason,
      method,
      createdById: input.actorId,
    },
    input.attendees.map((a) => a.id),
  );
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: 'refund_started',
    actorId: input.actorId,
    data: {
      refund_id: refund.id,
      amount: refund.amount,
      method,
      attendee_profile_ids: input.attendees.map((a) => a.attendeeProfileId),
    },
  });
  return refund;
}

export async function refundableOrder(tx: Db, orderId: number, ownerId?: number) {
  const order = await lockOrderRow(tx, orderId);
  if (!order || (ownerId !== undefined && order.userId !== ownerId)) throw notFound('Order');
  if (order.status === 'refunded') throw new AppError('conflict', REFUND_MESSAGES.nothingLeft);
  if (!REFUNDABLE.includes(order.status)) {
    throw new AppError('conflict', REFUND_MESSAGES.notRefundable);
  }
  return order;
}

export async function tell(ctx: RefundsContext, order: OrderRow, title: string, content: string) {
  if (order.userId === null) return;
  try {
    await ctx.notify({
      recipientId: order.userId,
      title,
      content,
      record: { type: 'orders', id: order.id },
    });
  } catch (err) {
    // The refund is applied and mailed: a lost notification must not undo it.
    ctx.log.warn({ err, orderId: order.id }, 'refund applied but the family was not notified');
  }
}
