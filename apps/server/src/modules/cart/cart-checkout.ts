import { CART_MESSAGES, type FieldError, ORDER_MESSAGES } from '@atelier/contract';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/app-error';
import {
  cartItemRowsOfUser,
  deleteCartItemsOfSchedules,
  deleteCartItemsOfUser,
} from './cart.repository';
import type { PricedCartItem } from './cart.resources';
import { type CartContext, pricedRows } from './cart.service';

// What checkout (the orders module) needs of the cart: the items priced now, checked for being
// orderable, and their removal once paid (docs/architecture.md#orders-and-payments).

/** A cart item ready to become an order item: priced now, with its attendees chosen. */
export type CheckoutItem = PricedCartItem & {
  cartItemId: number;
  /** The code as typed into the cart, whether or not it still names a coupon that applies. */
  couponCode: string | null;
};

/**
 * The user's cart priced at `at`, oldest item first, when every item can be ordered. Otherwise a
 * 422 naming each item that cannot (`cart_items.{id}.{field}`): a class no longer bookable, or
 * attendees not chosen (their count must be number_of_attendees). An empty cart is a 422 too.
 */
export async function checkoutItemsOfUser(
  ctx: CartContext,
  userId: number,
  at: Date,
): Promise<CheckoutItem[]> {
  const rows = await cartItemRowsOfUser(ctx.db, userId);
  const items = await pricedRows(ctx, userId, rows, at);
  if (items.length === 0) {
    throw new ValidationError([{ field: 'cart_items', detail: ORDER_MESSAGES.emptyCart }]);
  }
  const errors: FieldError[] = [];
  for (const item of items) {
    const field = (name: string) => `cart_items.${item.id}.${name}`;
    // The cart's own rule (decision 028), so what the cart and checkout show as unavailable, and
    // leave out of their totals, is never charged: a run with no session ahead is over even before
    // its end date (its per-class price would be 0, a monthly plan's the whole month). Seats are
    // left to the claim when the order is written, which answers 409 sold_out.
    if (item.unavailableReason === 'unpublished' || item.unavailableReason === 'over') {
      errors.push({
        field: field('klass_group_schedule_id'),
        detail: CART_MESSAGES.scheduleUnavailable,
      });
    } else if (item.attendees.length !== item.numberOfAttendees) {
      errors.push({
        field: field('attendee_profile_ids'),
        detail: ORDER_MESSAGES.chooseAttendees(item.numberOfAttendees),
      });
    }
  }
  if (errors.length > 0) throw new ValidationError(errors);
  const codes = new Map(rows.map((r) => [String(r.id), r.couponCode]));
  return items.map((item) => ({
    ...item,
    cartItemId: Number(item.id),
    couponCode: codes.get(item.id) ?? null,
  }));
}

/** Removes these items from the user's cart (an order made of them). */
export function removeCartItems(db: Db, userId: number, itemIds: number[]): Promise<void> {
  return deleteCartItemsOfUser(db, userId, itemIds);
}

/** Removes the user's cart items booking these schedules (they are paid for). */
export function removeCartItemsOfSchedules(
  db: Db,
  userId: number,
  scheduleIds: number[],
): Promise<void> {
  return deleteCartItemsOfSchedules(db, userId, scheduleIds);
}
