import { REFUND_MESSAGES } from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, notFound, ValidationError } from '../../lib/app-error';
import { lockOrderRow, type OrderAttendeeRow, type OrderRow, recordOrderEvent } from '../orders';
import type { RefundsContext } from './refunds.context';
import { insertRefund, type RefundRow, refundSums } from './refunds.repository';

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
  const chosen = all.filter((a) => profileIds.includes(a.attendeeProfileId));
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

/**
 * Writes a pending refund under the order's lock once the order's refunds together, this one
 * included, stay within what was paid (docs/architecture.md#refunds).
 */
export async function createRefund(
  tx: Db,
  order: OrderRow,
  input: {
    amount: number;
    reason: string;
    attendees: OrderAttendeeRow[];
    requestId: number | null;
    actorId: number;
  },
): Promise<RefundRow> {
  const { remaining } = await remainingOf(tx, order);
  if (remaining <= 0) throw new AppError('conflict', REFUND_MESSAGES.nothingLeft);
  if (input.amount > remaining) {
    throw new ValidationError([
      {
        field: 'amount',
        detail: REFUND_MESSAGES.exceedsRemaining(money(order.currency, remaining)),
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
      attendee_profile_ids: input.attendees.map((a) => a.attendeeProfileId),
    },
  });
  return refund;
}

export async function refundableOrder(tx: Db, orderId: number, ownerId?: number) {
  const order = await lockOrderRow(tx, orderId);
  if (!order || (ownerId !== undefined && order.userId !== ownerId)) throw notFound('Order');
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
