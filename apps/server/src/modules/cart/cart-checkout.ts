import { CART_MESSAGES, type FieldError, ORDER_MESSAGES } from '@atelier/contract';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/app-error';
import {
  cartItemRowsOfUser,
  deleteCartItemsOfKlasses,
  deleteCartItemsOfPasses,
  deleteCartItemsOfSchedules,
  deleteCartItemsOfUser,
} from './cart.repository';
import type { PricedCartItem, PricedPassItem, PricedTrialItem } from './cart.resources';
import { type CartContext, pricedRows } from './cart.service';

// What checkout (the orders module) needs of the cart: the items priced now, checked for being
// orderable, and their removal once paid (docs/architecture.md#orders-and-payments).

/** An enrollment item ready to become an order item: priced now, with its attendees chosen. */
export type CheckoutItem = PricedCartItem & {
  cartItemId: number;
  /** The code as typed into the cart, whether or not it still names a coupon that applies. */
  couponCode: string | null;
};

/** A class pass ready to become an order item. */
export type PassCheckoutItem = PricedPassItem & { cartItemId: number };

/** A paid trial ready to become an order item (docs/decisions/077-trial-classes.md). */
export type TrialCheckoutItem = PricedTrialItem & { cartItemId: number };

/** A cart item of any kind ready to become an order item (docs/decisions/076-class-passes-and-drop-ins.md). */
export type AnyCheckoutItem = CheckoutItem | PassCheckoutItem | TrialCheckoutItem;

/**
 * The user's cart priced at `at`, oldest item first, when every item can be ordered. Otherwise a
 * 422 naming each item that cannot (`cart_items.{id}.{field}`): a class no longer bookable, or
 * attendees not chosen (their count must be number_of_attendees). An empty cart is a 422 too.
 */
export async function checkoutItemsOfUser(
  ctx: CartContext,
  userId: number,
  at: Date,
): Promise<AnyCheckoutItem[]> {
  const rows = await cartItemRowsOfUser(ctx.db, userId);
  const items = await pricedRows(ctx, userId, rows, at);
  if (items.length === 0) {
    throw new ValidationError([{ field: 'cart_items', detail: ORDER_MESSAGES.emptyCart }]);
  }
  const errors: FieldError[] = [];
  for (const item of items) {
    // A pass is always orderable: a deleted one left the cart with it.
    if (item.kind === 'pass') continue;
    const field = (name: string) => `cart_items.${item.id}.${name}`;
    // A trial of a class started, cancelled, or no longer offered is not charged; the child's
    // eligibility is checked again by checkout (docs/decisions/077-trial-classes.md).
    if (item.kind === 'trial') {
      if (item.unavailableReason !== null) {
        errors.push({ field: field('klass_id'), detail: CART_MESSAGES.scheduleUnavailable });
      }
      continue;
    }
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
  return items.map((item) =>
    item.kind !== 'enrollment'
      ? { ...item, cartItemId: Number(item.id) }
      : { ...item, cartItemId: Number(item.id), couponCode: codes.get(item.id) ?? null },
  );
}

/** Removes these items from the user's cart (an order made of them). */
export function removeCartItems(db: Db, userId: number, itemIds: number[]): Promise<void> {
  return deleteCartItemsOfUser(db, userId, itemIds);
}

/** Removes the user's cart items booking these schedules or buying these passes (they are paid for). */
export async function removePaidCartItems(
  db: Db,
  userId: number,
  paid: { scheduleIds: number[]; passIds: number[]; klassIds?: number[] },
): Promise<void> {
  await deleteCartItemsOfSchedules(db, userId, paid.scheduleIds);
  await deleteCartItemsOfPasses(db, userId, paid.passIds);
  await deleteCartItemsOfKlasses(db, userId, paid.klassIds ?? []);
}
