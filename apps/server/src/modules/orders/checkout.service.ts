import { ORDER_HOLD_MINUTES, ORDER_MESSAGES, type OrderDocument } from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, ValidationError } from '../../lib/app-error';
import { assertAgreementsSignedForBooking } from '../agreements';
import { type AnyCheckoutItem, type CheckoutItem, checkoutItemsOfUser } from '../cart';
import { requireEmergencyContacts } from '../child-care';
import { scheduleSnapshotExtras } from '../classes';
import { holdCouponUse, usedUpCouponCode } from '../coupons';
import { enrolledAmong } from '../enrollments';
import { accountBalance } from '../ledger';
import { trialCheckoutErrors, trialCreditUntil } from '../trials';
import { type OrderableItem, withMonthlyChoices } from './checkout-monthly';
import { amountDue } from './order-amounts';
import { documentOf } from './order-documents';
import { recordOrderEvent } from './order-events';
import { expireDue } from './order-expiry.service';
import { markOrderPaid } from './order-payment-outcome.service';
import { holdOrderSeats } from './order-seats';
import { orderItemRowOf, passOrderItemRowOf, trialOrderItemRowOf } from './order-snapshot';
import type { OrdersContext } from './orders.context';
import {
  creditReservedByPendingOrders,
  insertOrderItem,
  insertOrderItemAttendees,
  insertOrderUnlessKeyUsed,
  itemsOfOrders,
  lockCheckoutOf,
  lockPendingOrderOf,
  type OrderItemWithAttendees,
  type OrderRow,
  orderById,
  orderByKey,
} from './orders.repository';
import { cancelLockedOrder } from './orders.transitions';

// Checkout (docs/architecture.md#orders, decision 026): the cart becomes a pending order holding
// its seats and coupon uses, written whole or not at all.

const HOLD_MS = ORDER_HOLD_MINUTES * 60_000;

/** Thrown inside the order transaction when the key is already used: it rolls back, and the order made first answers. */
class KeyAlreadyUsed extends Error {}

/** The items that book schedules (the others book no seat). */
const enrollmentsOf = (items: AnyCheckoutItem[]): CheckoutItem[] =>
  items.flatMap((item) => (item.kind === 'enrollment' ? [item] : []));

/** Attendees already enrolled in the class they are being booked into: a 422 naming the item. */
async function alreadyEnrolledErrors(db: Db, items: AnyCheckoutItem[]): Promise<void> {
  const errors = [];
  for (const item of enrollmentsOf(items)) {
    const ids = item.attendees.map((a) => a.attendee.id);
    const enrolled = await enrolledAmong(db, item.schedule.id, ids);
    const first = item.attendees.find((a) => enrolled.has(a.attendee.id));
    if (first) {
      errors.push({
        field: `cart_items.${item.id}.attendee_profile_ids`,
        detail: ORDER_MESSAGES.alreadyEnrolled(first.attendee.name),
      });
    }
  }
  if (errors.length > 0) throw new ValidationError(errors);
}

/** Paid trials no longer open to their child (enrolled or tried meanwhile): a 422 naming the item. */
async function trialErrors(ctx: OrdersContext, items: OrderableItem[]): Promise<void> {
  const trials = items.flatMap((i) => (i.kind === 'trial' ? [i] : []));
  if (trials.length === 0 || !ctx.cart.trials) return;
  const errors = await trialCheckoutErrors(
    ctx.cart.trials,
    ctx.db,
    trials.map((i) => ({
      cartItemId: i.cartItemId,
      klassGroupId: i.trial.klassGroupId,
      attendeeProfileId: i.trial.attendeeProfileId,
    })),
  );
  if (errors.length > 0) throw new ValidationError(errors);
}

/** Until when enrolling credits a trial of a class starting then (the window of the trials module). */
const trialCreditUntilOf = (ctx: OrdersContext, startsAt: Date): Date =>
  ctx.cart.trials ? trialCreditUntil(ctx.cart.trials, startsAt) : startsAt;

/** What an order item or a cart item books, as one comparable line. */
const lineOf = (
  scheduleId: number | string,
  planId: number,
  attendeeIds: number[],
  couponId: number | null,
  total: number,
) =>
  `${scheduleId}/${planId}/${[...attendeeIds].sort((a, b) => a - b).join(',')}/${couponId}/${total}`;

/** Whether a pending order books exactly what the cart holds now, at the same prices. */
function sameAsCart(orderItems: OrderItemWithAttendees[], items: OrderableItem[]): boolean {
  const ordered = orderItems
    .map((i) =>
      i.kind === 'pass'
        ? lineOf(`pass${i.passId}`, 0, [], null, i.total)
        : i.kind === 'trial'
          ? lineOf(
              `trial${i.klassId}`,
              0,
              i.attendees.map((a) => a.attendeeProfileId ?? 0),
              null,
              i.total,
            )
          : lineOf(
              i.scheduleId,
              i.planId,
              // A deleted family's attendee has no profile; no cart holds one, so it never matches.
              i.attendees.map((a) => a.attendeeProfileId ?? 0),
              i.couponId,
              i.total,
            ) + (i.snapshot.monthly ? `/monthly:${i.snapshot.monthly.autopay}` : ''),
    )
    .sort();
  const carted = items
    .map((i) =>
      i.kind === 'pass'
        ? lineOf(`pass${i.pass.id}`, 0, [], null, i.price.total)
        : i.kind === 'trial'
          ? lineOf(`trial${i.trial.klassId}`, 0, [i.trial.attendeeProfileId], null, i.price.total)
          : lineOf(
              i.schedule.id,
              i.plan.id,
              i.attendees.map((a) => a.attendee.id),
              i.coupon?.id ?? null,
              i.price.total,
            ) + (i.monthly ? `/monthly:${i.monthly.autopay}` : ''),
    )
    .sort();
  return ordered.join('|') === carted.join('|');
}

/**
 * The account's one payable order (docs/architecture.md#orders): a pending order for what the cart
 * holds now answers any checkout, whatever its key; one for a cart since changed is cancelled, its
 * seats and coupon uses freed, before the new one is written in the same transaction.
 */
async function pendingOrderForCart(
  tx: Db,
  userId: number,
  items: OrderableItem[],
  at: Date,
): Promise<OrderRow | null> {
  const pending = await lockPendingOrderOf(tx, userId, at);
  if (!pending) return null;
  const ordered = (await itemsOfOrders(tx, [pending.id])).get(pending.id) ?? [];
  if (sameAsCart(ordered, items)) return pending;
  await cancelLockedOrder(tx, pending.id, {
    actorId: userId,
    data: { by: 'owner', reason: 'replaced_by_checkout' },
    at,
  });
  return null;
}

/**
 * The account credit a new order may take: what the school owes the family (a negative balance)
 * less what its other pending orders set aside. Read under the account's checkout lock, so two
 * checkouts never both count the same credit (docs/decisions/064-account-credit-at-checkout.md).
 */
async function availableCredit(tx: Db, userId: number): Promise<number> {
  const owed = -(await accountBalance(tx, userId));
  return Math.max(0, owed - (await creditReservedByPendingOrders(tx, userId)));
}

/**
 * Writes the order whole (items, attendees, seat holds, coupon uses) or not at all; or answers the
 * account's pending order when it already books this cart.
 */
async function writeOrder(
  ctx: OrdersContext,
  userId: number,
  idempotencyKey: string,
  items: OrderableItem[],
  at: Date,
): Promise<OrderRow> {
  const enrollments = enrollmentsOf(items);
  const extras = await scheduleSnapshotExtras(
    ctx.db,
    enrollments.map((i) => i.schedule.id),
    at,
  );
  const expiresAt = new Date(at.getTime() + HOLD_MS);
  const sum = (pick: (i: OrderableItem) => number) => items.reduce((n, i) => n + pick(i), 0);
  return ctx.db.transaction(async (tx) => {
    await lockCheckoutOf(tx, userId);
    const pending = await pendingOrderForCart(tx, userId, items, at);
    if (pending) return pending;
    // Again under the lock: another tab's order for this cart may have been paid since the check
    // before it (at once, when account credit or a coupon left nothing for the card).
    await alreadyEnrolledErrors(tx, items);
    const total = sum((i) => i.price.total);
    const order = await insertOrderUnlessKeyUsed(tx, {
      userId,
      idempotencyKey,
      currency: ctx.currency,
      subtotal: sum((i) => i.price.subtotal),
      discount: sum((i) => i.price.discount),
      total,
      creditApplied: Math.min(total, await availableCredit(tx, userId)),
      expiresAt,
      createdAt: at,
      updatedAt: at,
    });
    if (!order) throw new KeyAlreadyUsed();
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: 'placed',
      actorId: userId,
      data: {
        total: order.total,
        currency: order.currency,
        ...(order.creditApplied > 0 ? { credit_applied: order.creditApplied } : {}),
      },
      at,
    });
    // Seats first: the schedule rows are locked before anything of this transaction refers to
    // them. An order item's foreign key takes a KEY SHARE lock on its schedule, and two
    // transactions each holding that lock while waiting for FOR UPDATE would deadlock.
    // A paid trial holds one seat of its class's schedule like any order item, so an unpaid
    // order never oversells (docs/decisions/077-trial-classes.md); one request per schedule.
    const trials = items.flatMap((i) => (i.kind === 'trial' ? [i] : []));
    const seats = new Map<number, number>();
    for (const i of enrollments) {
      seats.set(i.schedule.id, (seats.get(i.schedule.id) ?? 0) + i.numberOfAttendees);
    }
    for (const i of trials) {
      seats.set(i.trial.scheduleId, (seats.get(i.trial.scheduleId) ?? 0) + 1);
    }
    const short = await holdOrderSeats(
      tx,
      order,
      [...seats].map(([scheduleId, n]) => ({ scheduleId, seats: n })),
      at,
    );
    if (short) {
      const item = enrollments.find((i) => i.schedule.id === short.shortOf);
      const trial = trials.find((i) => i.trial.scheduleId === short.shortOf);
      const name = item?.schedule.name ?? trial?.trial.scheduleName ?? 'this class';
      throw new AppError('sold_out', ORDER_MESSAGES.soldOut(name), {
        cart_item_id: item?.id ?? trial?.id ?? null,
      });
    }
    for (const item of items) {
      if (item.kind === 'trial') {
        const row = await insertOrderItem(
          tx,
          trialOrderItemRowOf(order.id, item, trialCreditUntilOf(ctx, item.trial.startsAt)),
        );
        await insertOrderItemAttendees(tx, [
          {
            orderItemId: row.id,
            attendeeProfileId: item.trial.attendeeProfileId,
            name: item.trial.childName,
          },
        ]);
        continue;
      }
      // A pass books no seat and no attendee: its purchase is made when the order is paid.
      if (item.kind === 'pass') {
        await insertOrderItem(tx, passOrderItemRowOf(order.id, item));
        continue;
      }
      const row = await insertOrderItem(
        tx,
        orderItemRowOf(order.id, item, extras.get(item.schedule.id)),
      );
      await insertOrderItemAttendees(
        tx,
        item.attendees.map(({ attendee }) => ({
          orderItemId: row.id,
          attendeeProfileId: attendee.id,
          name: attendee.name,
        })),
      );
    }
    // One use per coupon per order, taken in id order like the schedules: no lock cycles.
    const coupons = new Map(
      enrollments.flatMap((i) => (i.coupon ? [[i.coupon.id, i.coupon]] : [])),
    );
    for (const coupon of [...coupons.values()].sort((a, b) => a.id - b.id)) {
      const held = await holdCouponUse(tx, {
        couponId: coupon.id,
        userId,
        orderId: order.id,
        expiresAt,
        at,
      });
      if (!held) {
        throw new AppError('coupon_used_up', ORDER_MESSAGES.couponUsedUp(coupon.code), {
          coupon_code: coupon.code,
        });
      }
    }
    return order;
  });
}

/**
 * POST /api/v2/orders: the cart becomes a pending order holding its seats (and coupon uses)
 * for ORDER_HOLD_MINUTES, the family's account credit applied before the card. The same
 * Idempotency-Key from the same account answers the same order, and so does any other key while
 * that order is pending for the same cart: an account has one payable order at a time, so a
 * second tab or a retry never pays the cart twice.
 */
export async function createOrder(
  ctx: OrdersContext,
  userId: number,
  idempotencyKey: string,
  monthly: { cart_item_id: number; autopay?: boolean | undefined }[] = [],
): Promise<OrderDocument> {
  // A replay of an order whose hold has run out shows it expired, without a payment to make.
  await expireDue(ctx, userId);
  const existing = await orderByKey(ctx.db, userId, idempotencyKey);
  if (existing) return documentOf(ctx, existing);
  const at = ctx.now();
  const items = await withMonthlyChoices(
    ctx,
    userId,
    await checkoutItemsOfUser(ctx.cart, userId, at),
    monthly,
    at,
  );
  // Waivers and policies required before booking, signed in their current version (decision 070);
  // a child coming to a paid trial class is booked into a class too.
  const attendeeIds = [
    ...enrollmentsOf(items).flatMap((item) => item.attendees.map((a) => a.attendee.id)),
    ...items.flatMap((i) => (i.kind === 'trial' ? [i.trial.attendeeProfileId] : [])),
  ];
  await assertAgreementsSignedForBooking(ctx.db, userId, attendeeIds);
  await alreadyEnrolledErrors(ctx.db, items);
  await trialErrors(ctx, items);
  // The child's card: an emergency contact for every child booked (docs/product.md#the-childs-card).
  await requireEmergencyContacts(ctx.db, userId, attendeeIds);
  const unpriced = enrollmentsOf(items).flatMap((i) =>
    i.couponCode && !i.coupon ? [i.couponCode] : [],
  );
  const usedUp = await usedUpCouponCode(ctx.db, unpriced, userId, at);
  if (usedUp) {
    throw new AppError('coupon_used_up', ORDER_MESSAGES.couponUsedUp(usedUp), {
      coupon_code: usedUp,
    });
  }
  let order: OrderRow;
  try {
    order = await writeOrder(ctx, userId, idempotencyKey, items, at);
  } catch (error) {
    if (!(error instanceof KeyAlreadyUsed)) throw error;
    const first = await orderByKey(ctx.db, userId, idempotencyKey);
    if (!first) throw error;
    return documentOf(ctx, first);
  }
  // Nothing left for the card (a coupon or the account credit took it all): paid at once, no card
  // form, through the same path as a card that went through.
  if (amountDue(order) === 0) await markOrderPaid(ctx, order.id);
  const current = (await orderById(ctx.db, order.id)) ?? order;
  return documentOf(ctx, current);
}
