import type { CustomerOrder } from '@atelier/contract';
import type { Db } from '../../db/client';
import { joinGuestCouponUses } from '../coupons';
import { joinGuestOrdersToUser, ordersOfOwner } from './orders.repository';

// What the customers module, below this one, learns of and asks of orders: app.ts hands these to
// it (docs/decisions/055-money-flows-one-way-and-plugins-say-what-they-need.md).

/** Whose orders: an account's or a walk-in's. */
export type OrderOwner = { userId: number } | { guestCustomerId: number };

/** The latest orders of an account or a walk-in, with the programmes they booked. */
export async function customerOrders(ctx: { db: Db }, owner: OrderOwner): Promise<CustomerOrder[]> {
  const rows = await ordersOfOwner(ctx.db, owner);
  return rows.map((o) => ({
    id: String(o.id),
    status: o.status,
    currency: o.currency,
    total: o.total,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    programmes: o.programmes,
    walk_in: o.guestCustomerId !== null,
  }));
}

/**
 * Walk-ins joined an account (the customers module answered which, in the transaction that
 * confirmed the account's e-mail): their orders not yet on an account join it too, and so do
 * their coupon uses, which then count for the account's per-person limits (docs/product.md#customers).
 */
export async function joinGuestOrders(
  db: Db,
  guestCustomerIds: number[],
  userId: number,
): Promise<void> {
  await joinGuestOrdersToUser(db, guestCustomerIds, userId);
  await joinGuestCouponUses(db, guestCustomerIds, userId);
}
