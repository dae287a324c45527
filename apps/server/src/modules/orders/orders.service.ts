import {
  ORDER_HOLD_MINUTES,
  ORDER_MESSAGES,
  type OrderDocument,
  type OrderItemSnapshot,
  type OrderListDocument,
  type OrderPayment,
  type OrderStatus,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, notFound, ValidationError } from '../../lib/app-error';
import { pageMeta, pageWindow } from '../../lib/http';
import type { Mailer } from '../../mail/mailer';
import {
  type CartContext,
  type CheckoutItem,
  checkoutItemsOfUser,
  removeCartItemsOfSchedules,
} from '../cart';
import {
  lockScheduleCapacities,
  type ScheduleSnapshotExtras,
  scheduleSnapshotExtras,
} from '../classes';
import {
  holdCouponUse,
  redeemCouponUses,
  reinstateRedeemedUses,
  releaseCouponUses,
  usedUpCouponCode,
} from '../coupons';
import {
  enrolledAmong,
  enrollHeldOrder,
  enrollIfSeatsFit,
  type OrderEnrollment,
} from '../enrollments';
import type { NotifyInput } from '../notifications';
import { seatsFreed } from '../waitlist';
import { buyerOf, buyerOfOrder } from './order-buyers';
import { recordOrderEvent } from './order-events';
import { holdOrderSeats } from './order-seats';
import type { PaymentEvent, PaymentsPort } from './orders.payments';
import {
  insertOrderItem,
  insertOrderItemAttendees,
  insertOrderUnlessKeyUsed,
  itemsOfOrders,
  lockOrder,
  type OrderItemWithAttendees,
  type OrderRow,
  orderById,
  orderByKey,
  orderPageOfUser,
  updateOrder,
} from './orders.repository';
import { orderResource } from './orders.resources';
import { cancelPendingOrder, expireDueOrders } from './orders.transitions';

// Checkout and the life of an order (docs/architecture.md#orders-and-payments, decision 026).

export type OrdersDeps = {
  db: Db;
  /** The cart as checkout prices it (its db, image URLs, clock and coupon lookup). */
  cart: CartContext;
  payments: PaymentsPort;
  mailer: Mailer;
  /** Tells the buyer (a stored notification pushed to their sockets); after the commit. */
  notify: (input: NotifyInput) => Promise<unknown>;
  currency: string;
  /** The clock, replaceable in tests. */
  now: () => Date;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

const HOLD_MS = ORDER_HOLD_MINUTES * 60_000;

/** Statuses `?status=purchased` lists: paid, whatever was refunded since. */
const PURCHASED: readonly OrderStatus[] = ['paid', 'refunded', 'partially_refunded'];

/** Thrown inside the order transaction when the key is already used: it rolls back, and the order made first answers. */
class KeyAlreadyUsed extends Error {}

export function snapshotOf(
  item: CheckoutItem,
  extras: ScheduleSnapshotExtras | undefined,
): OrderItemSnapshot {
  const { schedule, plan } = item;
  return {
    klass_group: {
      id: String(schedule.klassGroup.id),
      name: schedule.klassGroup.name,
      slug: schedule.klassGroup.slug,
      image_url: schedule.klassGroup.imageUrl,
    },
    klass_group_schedule: {
      id: String(schedule.id),
      name: schedule.name,
      time_zone: schedule.timeZone,
      start_date: schedule.startDate,
      end_date: schedule.endDate,
      teacher_name: extras?.teacherName ?? null,
      sessions: (extras?.klasses ?? []).map((s) => ({
        starts_at: s.startsAt.toISOString(),
        ends_at: s.endsAt.toISOString(),
      })),
    },
    plan: {
      id: String(plan.id),
      name: plan.name,
      base_price: plan.basePrice,
      unit_price: plan.unitPrice,
      unit_type: plan.unitType,
    },
    addons: item.addons.map(({ addon }) => ({
      id: String(addon.id),
      name: addon.name,
      price: addon.price,
    })),
    coupon: item.coupon
      ? {
          code: item.coupon.code,
          discount_type: item.coupon.discountType,
          discount_amount: item.coupon.discountAmount,
        }
      : null,
  };
}

/** Attendees already enrolled in the class they are being booked into: a 422 naming the item. */
async function alreadyEnrolledErrors(db: Db, items: CheckoutItem[]): Promise<void> {
  const errors = [];
  for (const item of items) {
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

function paymentOf(intent: Awaited<ReturnType<PaymentsPort['createIntent']>>): OrderPayment {
  return {
    provider: intent.provider,
    client_secret: intent.clientSecret,
    publishable_key: intent.publishableKey,
  };
}

export function ordersService(deps: OrdersDeps) {
  const { db } = deps;

  /**
   * How to pay a pending order. The provider call is idempotent per order: a failure leaves the
   * order pending without payment details, and the next read of it tries again.
   */
  async function paymentFor(order: OrderRow): Promise<OrderPayment | null> {
    if (order.status !== 'pending' || order.total === 0) return null;
    try {
      return paymentOf(
        await deps.payments.createIntent({
          orderId: order.id,
          amount: order.total,
          currency: order.currency,
          userId: order.userId,
        }),
      );
    } catch (err) {
      deps.log.warn(
        { err, orderId: order.id },
        'payment intent not created; the next read retries',
      );
      return null;
    }
  }

  async function documentOf(order: OrderRow): Promise<OrderDocument> {
    const items = (await itemsOfOrders(db, [order.id])).get(order.id) ?? [];
    return { data: orderResource(order, items, await paymentFor(order)) };
  }

  /** Pending orders past their hold become expired, their seats and coupon uses freed. */
  async function expireDue(userId?: number): Promise<number[]> {
    const ids = await expireDueOrders(db, deps.now(), userId);
    // Their seats go to the waitlists at once (docs/product.md#waitlist).
    if (ids.length > 0) {
      const items = [...(await itemsOfOrders(db, ids)).values()].flat();
      await seatsFreed(
        deps,
        items.map((i) => i.scheduleId),
      );
    }
    return ids;
  }

  /** Writes the order whole (items, attendees, seat holds, coupon uses) or not at all. */
  async function writeOrder(
    userId: number,
    idempotencyKey: string,
    items: CheckoutItem[],
    at: Date,
  ): Promise<OrderRow> {
    const extras = await scheduleSnapshotExtras(
      db,
      items.map((i) => i.schedule.id),
      at,
    );
    const expiresAt = new Date(at.getTime() + HOLD_MS);
    const sum = (pick: (i: CheckoutItem) => number) => items.reduce((n, i) => n + pick(i), 0);
    return db.transaction(async (tx) => {
      const order = await insertOrderUnlessKeyUsed(tx, {
        userId,
        idempotencyKey,
        currency: deps.currency,
        subtotal: sum((i) => i.price.subtotal),
        discount: sum((i) => i.price.discount),
        total: sum((i) => i.price.total),
        expiresAt,
        createdAt: at,
        updatedAt: at,
      });
      if (!order) throw new KeyAlreadyUsed();
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: 'placed',
        actorId: userId,
        data: { total: order.total, currency: order.currency },
        at,
      });
      // Seats first: the schedule rows are locked before anything of this transaction refers to
      // them. An order item's foreign key takes a KEY SHARE lock on its schedule, and two
      // transactions each holding that lock while waiting for FOR UPDATE would deadlock.
      const short = await holdOrderSeats(
        tx,
        order,
        items.map((i) => ({ scheduleId: i.schedule.id, seats: i.numberOfAttendees })),
        at,
      );
      if (short) {
        const item = items.find((i) => i.schedule.id === short.shortOf);
        throw new AppError(
          'sold_out',
          ORDER_MESSAGES.soldOut(item?.schedule.name ?? 'this class'),
          {
            cart_item_id: item?.id ?? null,
          },
        );
      }
      for (const item of items) {
        const row = await insertOrderItem(tx, {
          orderId: order.id,
          scheduleId: item.schedule.id,
          planId: item.plan.id,
          numberOfAttendees: item.numberOfAttendees,
          units: item.price.units,
          subtotal: item.price.subtotal,
          discount: item.price.discount,
          total: item.price.total,
          couponId: item.coupon?.id ?? null,
          couponCode: item.coupon?.code ?? null,
          snapshot: snapshotOf(item, extras.get(item.schedule.id)),
        });
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
      const coupons = new Map(items.flatMap((i) => (i.coupon ? [[i.coupon.id, i.coupon]] : [])));
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

  /** The order paid: enrollments, coupon uses redeemed, cart emptied, receipt; idempotent. */
  async function markOrderPaid(orderId: number): Promise<OrderStatus | null> {
    const at = deps.now();
    const result = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) return null;
      if (order.status !== 'pending' && order.status !== 'expired' && order.status !== 'canceled') {
        return { order, changed: false, refundDue: false };
      }
      const items = (await itemsOfOrders(tx, [order.id])).get(order.id) ?? [];
      const toEnroll: OrderEnrollment[] = items.flatMap((item) =>
        item.attendees.map((a) => ({
          orderItemId: item.id,
          scheduleId: item.scheduleId,
          attendeeProfileId: a.attendeeProfileId,
          enrolledFrom: order.createdAt,
        })),
      );
      const holdsValid = order.status === 'pending' && order.expiresAt > at;
      if (holdsValid) {
        await enrollHeldOrder(tx, order.id, toEnroll);
      } else if (await enrollIfSeatsFit(tx, lockScheduleCapacities, order.id, toEnroll, at)) {
        const couponIds = items.flatMap((i) => (i.couponId === null ? [] : [i.couponId]));
        await reinstateRedeemedUses(tx, order, [...new Set(couponIds)]);
      } else {
        // Paid after its seats went to others: nobody is enrolled and the money goes back.
        const message =
          'Paid after the seats were released and the class is now full: a refund is due.';
        await releaseCouponUses(tx, order.id);
        await updateOrder(tx, order.id, { status: 'failed', closedAt: at, paymentError: message });
        await recordOrderEvent(tx, {
          orderId: order.id,
          type: 'late_payment_failed',
          data: { message, was: order.status },
          at,
        });
        return { order: { ...order, status: 'failed' as const }, changed: false, refundDue: true };
      }
      await redeemCouponUses(tx, order.id);
      if (order.userId !== null) {
        await removeCartItemsOfSchedules(
          tx,
          order.userId,
          items.map((i) => i.scheduleId),
        );
      }
      await updateOrder(tx, order.id, {
        status: 'paid',
        paidAt: at,
        paymentError: null,
        closedAt: null,
      });
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: 'paid',
        data: { total: order.total, ...(order.status === 'pending' ? {} : { was: order.status }) },
        at,
      });
      await queueReceipt(tx, order, items);
      return { order: { ...order, status: 'paid' as const }, changed: true, refundDue: false };
    });
    if (!result) return null;
    if (result.changed) {
      deps.mailer.wake();
      await tellBuyer(result.order);
    } else if (result.refundDue) {
      deps.log.error({ orderId }, 'order paid after its seats went: refund due');
    }
    return result.order.status;
  }

  async function queueReceipt(tx: Db, order: OrderRow, items: OrderItemWithAttendees[]) {
    const buyer = await buyerOfOrder(tx, order);
    if (!buyer) return;
    await deps.mailer.queue(tx, {
      to: buyer.email,
      locale: buyer.locale ?? 'en',
      template: 'order_receipt',
      params: {
        name: buyer.name,
        orderId: order.id,
        currency: order.currency,
        total: order.total,
        items: items.map((item) => ({
          programme: item.snapshot.klass_group.name,
          schedule: item.snapshot.klass_group_schedule.name,
          timeZone: item.snapshot.klass_group_schedule.time_zone,
          attendees: item.attendees.map((a) => a.name),
          klasses: item.snapshot.klass_group_schedule.sessions.map((s) => s.starts_at),
          total: item.total,
        })),
      },
    });
  }

  async function tellBuyer(order: OrderRow) {
    // A walk-in without an account has no sockets or notifications: the receipt mail is all.
    if (order.userId === null) return;
    const buyer = await buyerOf(db, order.userId);
    const ja = buyer?.locale === 'ja';
    try {
      await deps.notify({
        recipientId: order.userId,
        title: ja ? `ご注文 #${order.id} のお支払いが完了しました` : `Order #${order.id} is paid`,
        content: ja
          ? '受講の登録が完了しました。領収書をメールでお送りしました。'
          : 'Your places are booked. We have e-mailed you a receipt.',
        record: { type: 'orders', id: order.id },
      });
    } catch (err) {
      // The order is paid and the receipt queued: a lost notification must not undo either.
      deps.log.warn({ err, orderId: order.id }, 'order paid but the buyer was not notified');
    }
  }

  return {
    expireDue,
    markOrderPaid,

    /**
     * POST /api/v2/orders: the cart becomes a pending order holding its seats (and coupon uses)
     * for ORDER_HOLD_MINUTES. The same Idempotency-Key from the same account answers the same order.
     */
    async createOrder(userId: number, idempotencyKey: string): Promise<OrderDocument> {
      // A replay of an order whose hold has run out shows it expired, without a payment to make.
      await expireDue(userId);
      const existing = await orderByKey(db, userId, idempotencyKey);
      if (existing) return documentOf(existing);
      const at = deps.now();
      const items = await checkoutItemsOfUser(deps.cart, userId, at);
      await alreadyEnrolledErrors(db, items);
      const unpriced = items.flatMap((i) => (i.couponCode && !i.coupon ? [i.couponCode] : []));
      const usedUp = await usedUpCouponCode(db, unpriced, userId, at);
      if (usedUp) {
        throw new AppError('coupon_used_up', ORDER_MESSAGES.couponUsedUp(usedUp), {
          coupon_code: usedUp,
        });
      }
      let order: OrderRow;
      try {
        order = await writeOrder(userId, idempotencyKey, items, at);
      } catch (error) {
        if (!(error instanceof KeyAlreadyUsed)) throw error;
        const first = await orderByKey(db, userId, idempotencyKey);
        if (!first) throw error;
        return documentOf(first);
      }
      // Nothing to pay (a coupon took it all): paid at once, no card form.
      if (order.total === 0) await markOrderPaid(order.id);
      const current = (await orderById(db, order.id)) ?? order;
      return documentOf(current);
    },

    /** GET /api/v2/orders/{id}: one of the user's orders; anyone else's is 404. */
    async getOrder(userId: number, id: number): Promise<OrderDocument> {
      await expireDue(userId);
      const order = await orderById(db, id, userId);
      if (!order) throw notFound('Order');
      return documentOf(order);
    },

    /** GET /api/v2/orders: a page of the user's orders, newest first. */
    async listOrders(
      userId: number,
      status: 'pending' | 'purchased' | undefined,
      page: number,
    ): Promise<OrderListDocument> {
      await expireDue(userId);
      const statuses = status === 'pending' ? (['pending'] as const) : status ? PURCHASED : null;
      const { rows, total } = await orderPageOfUser(db, userId, statuses, pageWindow(page));
      const items = await itemsOfOrders(
        db,
        rows.map((r) => r.id),
      );
      const payments = await Promise.all(rows.map((r) => paymentFor(r)));
      return {
        data: rows.map((r, i) => orderResource(r, items.get(r.id) ?? [], payments[i] ?? null)),
        meta: pageMeta(page, total),
      };
    },

    /** DELETE /api/v2/orders/{id}: a pending order is cancelled and its seats freed; else 409. */
    async cancelOrder(userId: number, id: number): Promise<OrderDocument> {
      await expireDue(userId);
      const order = await cancelPendingOrder(db, {
        orderId: id,
        ownerId: userId,
        actorId: userId,
        by: 'owner',
        at: deps.now(),
      });
      const document = await documentOf(order);
      await seatsFreed(
        deps,
        document.data.attributes.items.map((i) => Number(i.klass_group_schedule.id)),
      );
      return document;
    },

    /** What a stored payment event does to its order (registered with app.payments). */
    async applyPaymentEvent(event: PaymentEvent): Promise<void> {
      if (event.type === 'succeeded') {
        await markOrderPaid(event.orderId);
        return;
      }
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, event.orderId);
        if (order?.status !== 'pending') return;
        const message = event.message ?? 'Your card was declined.';
        await updateOrder(tx, order.id, { paymentError: message });
        await recordOrderEvent(tx, {
          orderId: order.id,
          type: 'payment_failed',
          data: { message },
          at: deps.now(),
        });
      });
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
