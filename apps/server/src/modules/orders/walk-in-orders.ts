import { randomUUID } from 'node:crypto';
import {
  COUPON_MESSAGES,
  ORDER_HOLD_MINUTES,
  ORDER_MESSAGES,
  type OrderDocument,
  type OrderPayment,
} from '@atelier/contract';
import { AppError, ValidationError } from '../../lib/app-error';
import type { CheckoutItem } from '../cart';
import { cartSchedulesByIds, scheduleSnapshotExtras } from '../classes';
import { holdCouponUse, walkInCoupon } from '../coupons';
import type { WalkInBooking, WalkInQuote } from '../customers';
import { enrolledAmong } from '../enrollments';
import { priceCartItem } from '../pricing';
import { recordOrderEvent } from './order-events';
import { markOrderPaid } from './order-payment-outcome.service';
import { holdOrderSeats } from './order-seats';
import { orderItemRowOf } from './order-snapshot';
import type { OrdersContext } from './orders.context';
import {
  insertOrderItem,
  insertOrderItemAttendees,
  insertOrderUnlessKeyUsed,
  itemsOfOrders,
  type OrderRow,
  orderById,
} from './orders.repository';
import { orderResource } from './orders.resources';

// Staff book a class for a walk-in customer (docs/product.md#customers, decision 033): priced
// with the one price function, seats held under the same lock as checkout, then paid at the desk
// (cash or check: paid at once, the same transition as a card) or by card through the provider.
// A coupon is resolved with the walk-in as the person and its use held in the order's
// transaction through the same call as checkout, so its limits hold whoever books.

export type WalkInPaymentMethod = WalkInBooking['paymentMethod'];

/** The customers module declares what it asks of the desk; this module places and prices it. */
export type WalkInOrderInput = WalkInBooking;
export type WalkInPriceInput = WalkInQuote;

/** The walk-in's price: what to take at the desk. */
export type WalkInPrice = {
  subtotal: number;
  discount: number;
  total: number;
  /** The coupon's code as stored, when one applies. */
  couponCode: string | null;
};

const couponRefused = (detail: string) => new ValidationError([{ field: 'coupon_code', detail }]);

const HOLD_MS = ORDER_HOLD_MINUTES * 60_000;

async function paymentFor(ctx: OrdersContext, order: OrderRow): Promise<OrderPayment | null> {
  if (order.status !== 'pending' || order.total === 0) return null;
  try {
    const intent = await ctx.payments.createIntent({
      orderId: order.id,
      amount: order.total,
      currency: order.currency,
      userId: order.userId,
    });
    return {
      provider: intent.provider,
      client_secret: intent.clientSecret,
      publishable_key: intent.publishableKey,
    };
  } catch (err) {
    // As at checkout, a provider failure does not undo the order: its hold runs out unpaid.
    ctx.log.warn({ err, orderId: order.id }, 'walk-in payment intent not created');
    return null;
  }
}

/** The walk-in's item priced now, or a 422 naming the field that cannot be booked. */
async function itemOf(
  ctx: OrdersContext,
  input: WalkInPriceInput & { attendees: WalkInOrderInput['attendees'] },
  at: Date,
): Promise<CheckoutItem> {
  const schedules = await cartSchedulesByIds(ctx.cart, [input.scheduleId], at);
  const schedule = schedules.get(input.scheduleId);
  if (!schedule?.bookable) {
    throw new ValidationError([
      { field: 'klass_group_schedule_id', detail: 'This class can no longer be booked' },
    ]);
  }
  const plan = schedule.plans.find((p) => p.id === input.planId);
  if (!plan) {
    throw new ValidationError([
      { field: 'plan_id', detail: 'This plan is not offered by the class' },
    ]);
  }
  const addons = [...new Set(input.addonIds)].map((id) => schedule.addons.find((a) => a.id === id));
  if (addons.some((a) => a === undefined)) {
    throw new ValidationError([
      { field: 'addon_ids', detail: 'This add-on is not offered by the class' },
    ]);
  }
  const chosen = addons.flatMap((a) => (a ? [a] : []));
  const code = input.couponCode?.trim() || null;
  let coupon = null;
  if (code) {
    const found = await walkInCoupon(ctx.db, code, {
      guestCustomerId: input.guestCustomerId,
      klassGroupId: schedule.klassGroup.id,
      at,
    });
    if ('refusal' in found) throw couponRefused(found.refusal);
    coupon = found.coupon;
  }
  const price = priceCartItem({
    plan,
    schedule: {
      timeZone: schedule.timeZone,
      startDate: schedule.startDate,
      endDate: schedule.endDate,
      klasses: schedule.klassesAhead,
    },
    addonPrices: chosen.map((a) => a.price),
    numberOfAttendees: input.numberOfAttendees,
    coupon,
    at,
  });
  return {
    kind: 'enrollment',
    id: 'walk-in',
    cartItemId: 0,
    numberOfAttendees: input.numberOfAttendees,
    price,
    coupon,
    couponCode: code,
    schedule,
    plan,
    attendees: input.attendees.map((a) => ({ linkId: String(a.id), attendee: a })),
    addons: chosen.map((a) => ({ linkId: String(a.id), addon: a })),
    unavailableReason: null,
  };
}

/**
 * What the walk-in would pay for this booking now, their coupon included (the desk's "To take"):
 * priced as the booking will be, or the same 422 the booking would answer.
 */
export async function priceWalkInOrder(
  ctx: OrdersContext,
  input: WalkInPriceInput,
): Promise<WalkInPrice> {
  const item = await itemOf(ctx, { ...input, attendees: [] }, ctx.now());
  return {
    subtotal: item.price.subtotal,
    discount: item.price.discount,
    total: item.price.total,
    couponCode: item.coupon?.code ?? null,
  };
}

/**
 * A walk-in's order: written whole with its seat holds (409 sold_out when the class is full),
 * then paid at once for cash or check, or left pending with a card payment to take.
 */
export async function createWalkInOrder(
  ctx: OrdersContext,
  input: WalkInOrderInput,
): Promise<OrderDocument> {
  const at = ctx.now();
  const item = await itemOf(ctx, { ...input, numberOfAttendees: input.attendees.length }, at);
  const enrolled = await enrolledAmong(
    ctx.db,
    item.schedule.id,
    input.attendees.map((a) => a.id),
  );
  const first = input.attendees.find((a) => enrolled.has(a.id));
  if (first) {
    throw new ValidationError([
      { field: 'attendees', detail: ORDER_MESSAGES.alreadyEnrolled(first.name) },
    ]);
  }
  const extras = await scheduleSnapshotExtras(ctx.db, [item.schedule.id], at);
  const order = await ctx.db.transaction(async (tx) => {
    const row = await insertOrderUnlessKeyUsed(tx, {
      userId: null,
      guestCustomerId: input.guestCustomerId,
      placedById: input.placedById,
      // Staff press once; a fresh key per booking (the walk-in has no client of their own).
      idempotencyKey: `walk-in-${randomUUID()}`,
      currency: ctx.currency,
      subtotal: item.price.subtotal,
      discount: item.price.discount,
      total: item.price.total,
      expiresAt: new Date(at.getTime() + HOLD_MS),
      createdAt: at,
      updatedAt: at,
    });
    if (!row) throw new Error('a fresh idempotency key was already used');
    // Seats first, as checkout does: the schedule row is locked before anything refers to it.
    const short = await holdOrderSeats(
      tx,
      row,
      [{ scheduleId: item.schedule.id, seats: item.numberOfAttendees }],
      at,
    );
    if (short) {
      throw new AppError('sold_out', ORDER_MESSAGES.soldOut(item.schedule.name), {
        klass_group_schedule_id: String(item.schedule.id),
      });
    }
    const orderItem = await insertOrderItem(
      tx,
      orderItemRowOf(row.id, item, extras.get(item.schedule.id)),
    );
    await insertOrderItemAttendees(
      tx,
      input.attendees.map((a) => ({
        orderItemId: orderItem.id,
        attendeeProfileId: a.id,
        name: a.name,
      })),
    );
    // After the seats, as at checkout: the coupon row is locked last, so no lock cycles.
    if (item.coupon) {
      const held = await holdCouponUse(tx, {
        couponId: item.coupon.id,
        guestCustomerId: input.guestCustomerId,
        orderId: row.id,
        expiresAt: row.expiresAt,
        at,
      });
      // The last use went to another booking since pricing: refused, the whole order undone.
      if (!held) throw couponRefused(COUPON_MESSAGES.usedUp);
    }
    await recordOrderEvent(tx, {
      orderId: row.id,
      type: 'placed',
      actorId: input.placedById,
      data: {
        total: row.total,
        currency: row.currency,
        walk_in: true,
        guest_customer_id: input.guestCustomerId,
        payment_method: input.paymentMethod,
      },
      at,
    });
    if (input.paymentMethod !== 'card') {
      // docs/product.md#customers: the money was taken at the desk; the history says how.
      await recordOrderEvent(tx, {
        orderId: row.id,
        type: 'paid_offline',
        actorId: input.placedById,
        data: { method: input.paymentMethod, amount: row.total },
        at,
      });
    }
    return row;
  });
  if (input.paymentMethod !== 'card') {
    await markOrderPaid(ctx, order.id, {
      method: input.paymentMethod,
      createdById: input.placedById,
    });
  } else if (order.total === 0) {
    await markOrderPaid(ctx, order.id);
  }
  const current = (await orderById(ctx.db, order.id)) ?? order;
  const items = (await itemsOfOrders(ctx.db, [current.id])).get(current.id) ?? [];
  return { data: orderResource(current, items, await paymentFor(ctx, current)) };
}
