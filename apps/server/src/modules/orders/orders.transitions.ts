import { ORDER_MESSAGES } from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { releaseCouponUses, releaseCouponUsesOfOrders } from '../coupons';
import { releaseSeatsOfOrder, releaseSeatsOfOrders } from '../enrollments';
import { recordOrderEvent, recordOrderEvents } from './order-events';
import { expirePendingOrders, lockOrder, type OrderRow, updateOrder } from './orders.repository';

// Transitions of a pending order that the buyer's routes and order management share
// (docs/architecture.md#orders-and-payments).

/** Pending orders past their hold become expired, their seats and coupon uses freed. */
export async function expireDueOrders(db: Db, at: Date, userId?: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const ids = await expirePendingOrders(tx, at, userId);
    await recordOrderEvents(
      tx,
      ids.map((orderId) => ({ orderId, type: 'expired', at })),
    );
    await releaseSeatsOfOrders(tx, ids);
    await releaseCouponUsesOfOrders(tx, ids);
    return ids;
  });
}

/**
 * A pending order is cancelled and its seats and coupon uses freed; else 409. With `ownerId`,
 * only that account's order is found (anyone else's is 404); staff cancel any order.
 */
export async function cancelPendingOrder(
  db: Db,
  input: { orderId: number; ownerId?: number; actorId: number; by: 'owner' | 'staff'; at: Date },
): Promise<OrderRow> {
  const { orderId, ownerId, actorId, by, at } = input;
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId, ownerId);
    if (!row) throw notFound('Order');
    if (row.status !== 'pending') throw new AppError('conflict', ORDER_MESSAGES.notPending);
    await cancelLockedOrder(tx, row.id, { actorId, data: { by }, at });
    return { ...row, status: 'canceled' as const, closedAt: at };
  });
}

/** Cancels a pending order the transaction holds locked: its seats and coupon uses freed. */
export async function cancelLockedOrder(
  tx: Db,
  orderId: number,
  input: { actorId: number; data: Record<string, unknown>; at: Date },
): Promise<void> {
  await releaseSeatsOfOrder(tx, orderId);
  await releaseCouponUses(tx, orderId);
  await updateOrder(tx, orderId, { status: 'canceled', closedAt: input.at });
  await recordOrderEvent(tx, { orderId, type: 'canceled', ...input });
}
