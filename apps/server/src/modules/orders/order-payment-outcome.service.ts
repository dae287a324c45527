import { type OrderStatus, orderItemTitle } from '@atelier/contract';
import type { Db } from '../../db/client';
import { type MonthlyEnrollmentStart, startMonthlyEnrollments } from '../billing';
import { removePaidCartItems } from '../cart';
import { lockScheduleCapacities } from '../classes';
import { redeemCouponUses, reinstateRedeemedUses, releaseCouponUses } from '../coupons';
import { enrollHeldOrder, enrollIfSeatsFit, type OrderEnrollment } from '../enrollments';
import { createPassPurchases } from '../passes';
import { paymentCardOfOrder } from '../payments';
import { bookPaidTrials, creditTrialsOnEnrollment } from '../trials';
import { amountDue } from './order-amounts';
import { buyerOf, buyerOfOrder } from './order-buyers';
import { recordOrderEvent } from './order-events';
import {
  type OrderPaidBy,
  paidByCard,
  recordOrderPaid,
  recordPaymentWithoutSale,
} from './order-ledger';
import type { OrdersContext } from './orders.context';
import type { PaymentEvent } from './orders.payments';
import {
  itemsOfOrders,
  lockOrder,
  type OrderItemWithAttendees,
  type OrderRow,
  type PassOrderItem,
  scheduleIdsOf,
  type TrialOrderItem,
  updateOrder,
} from './orders.repository';

// An order's payment outcome (docs/architecture.md#orders): paid (enrolled, receipt, notice) or a
// card that failed while the order is still held.

/**
 * The order paid: enrollments, coupon uses redeemed, cart emptied, its ledger entries, receipt;
 * idempotent. `paidBy`: cash or check at the desk; by default the card the provider charged.
 */
export async function markOrderPaid(
  ctx: OrdersContext,
  orderId: number,
  paidBy?: OrderPaidBy,
): Promise<OrderStatus | null> {
  const at = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return null;
    if (order.status !== 'pending' && order.status !== 'expired' && order.status !== 'canceled') {
      return { order, changed: false, refundDue: false };
    }
    // Paid from account credit alone, no money comes from outside: an order no longer held (a
    // checkout in another tab replaced it) is not paid later from credit it no longer set aside.
    const creditOnly = order.creditApplied > 0 && amountDue(order) === 0;
    if (creditOnly && (order.status !== 'pending' || order.expiresAt <= at)) {
      return { order, changed: false, refundDue: false };
    }
    const items = (await itemsOfOrders(tx, [order.id])).get(order.id) ?? [];
    const toEnroll: OrderEnrollment[] = items.flatMap((item) =>
      // An attendee whose family deleted their account is enrolled nowhere; a pass enrolls no one.
      item.kind !== 'enrollment'
        ? []
        : item.attendees.flatMap((a) =>
            a.attendeeProfileId === null
              ? []
              : [
                  {
                    orderItemId: item.id,
                    scheduleId: item.scheduleId,
                    attendeeProfileId: a.attendeeProfileId,
                    enrolledFrom: order.createdAt,
                  },
                ],
          ),
    );
    const holdsValid = order.status === 'pending' && order.expiresAt > at;
    if (holdsValid) {
      await enrollHeldOrder(tx, order.id, toEnroll);
    } else if (await enrollIfSeatsFit(tx, lockScheduleCapacities, order.id, toEnroll, at)) {
      const couponIds = items.flatMap((i) => (i.couponId === null ? [] : [i.couponId]));
      await reinstateRedeemedUses(tx, order, [...new Set(couponIds)]);
    } else {
      // Paid after its seats went to others: nobody is enrolled and the money goes back. The
      // refunds module hears the same event after this handler and returns it in full
      // (docs/decisions/063-late-payments-are-returned.md).
      const message =
        'Paid after the seats were released and the class is now full: the payment is being refunded in full.';
      await releaseCouponUses(tx, order.id);
      await updateOrder(tx, order.id, { status: 'failed', closedAt: at, paymentError: message });
      await recordPaymentWithoutSale(tx, order, paidBy ?? paidByCard(order), at);
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: 'late_payment_failed',
        data: { message, was: order.status },
        at,
      });
      return { order: { ...order, status: 'failed' as const }, changed: false, refundDue: true };
    }
    await redeemCouponUses(tx, order.id);
    // Month plans paid monthly: the months after this one are billed by runs (decision 075).
    if (order.userId !== null) await startMonthlyOf(tx, order.userId, order.currency, items);
    const passItems = items.filter((i): i is PassOrderItem => i.kind === 'pass');
    const trialItems = items.filter((i): i is TrialOrderItem => i.kind === 'trial');
    if (order.userId !== null) {
      await removePaidCartItems(tx, order.userId, {
        scheduleIds: scheduleIdsOf(items),
        passIds: passItems.map((i) => i.passId),
        klassIds: trialItems.map((i) => i.klassId),
      });
      // Paid trials are booked from this commit on, on session seats until their classes end;
      // one the child can no longer take is credited (docs/decisions/077-trial-classes.md).
      const credited = await bookPaidTrials(
        tx,
        { id: order.id, userId: order.userId, currency: order.currency },
        trialItems.map((i) => ({
          orderItemId: i.id,
          klassId: i.klassId,
          klassGroupId: Number(i.snapshot.trial.klass_group_id),
          scheduleId: i.scheduleId,
          attendeeProfileId: Number(i.snapshot.trial.attendee_profile_id),
          price: i.total,
          endsAt: new Date(i.snapshot.trial.ends_at),
          creditUntil: new Date(i.snapshot.trial.credit_until),
          programme: i.snapshot.trial.programme,
        })),
        holdsValid,
        at,
      );
      if (credited.length > 0) {
        ctx.log.warn(
          { orderId: order.id, orderItemIds: credited },
          'paid trial not bookable (tried meanwhile or full): its price was credited',
        );
      }
      // The family's passes exist from this commit on, valid from the payment
      // (docs/decisions/076-class-passes-and-drop-ins.md).
      await createPassPurchases(
        tx,
        { id: order.id, userId: order.userId },
        passItems.map((i) => ({ orderItemId: i.id, passId: i.passId, snapshot: i.snapshot })),
        at,
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
    await recordOrderPaid(tx, order, items, paidBy ?? paidByCard(order), at);
    // A paid trial of the programme comes back as credit (docs/decisions/077-trial-classes.md).
    await creditTrialsOnEnrollment(
      tx,
      {
        owner: { userId: order.userId, guestCustomerId: order.guestCustomerId },
        currency: order.currency,
        items: items.flatMap((item) =>
          item.kind === 'enrollment'
            ? [
                {
                  orderId: order.id,
                  orderItemId: item.id,
                  klassGroupId: Number(item.snapshot.klass_group.id),
                  attendeeProfileIds: item.attendees.flatMap((a) =>
                    a.attendeeProfileId === null ? [] : [a.attendeeProfileId],
                  ),
                },
              ]
            : [],
        ),
      },
      at,
    );
    await queueReceipt(ctx, tx, order, items, paidBy ?? paidByCard(order));
    return {
      order: { ...order, status: 'paid' as const },
      changed: true,
      refundDue: false,
      passesOnly: items.every((i) => i.kind === 'pass'),
    };
  });
  if (!result) return null;
  if (result.changed) {
    ctx.mailer.wake();
    await tellBuyer(ctx, result.order, 'passesOnly' in result && result.passesOnly === true);
  } else if (result.refundDue) {
    ctx.log.warn({ orderId }, 'order paid after its seats went: the payment goes back');
  }
  return result.order.status;
}

async function startMonthlyOf(
  tx: Db,
  userId: number,
  currency: string,
  items: OrderItemWithAttendees[],
): Promise<void> {
  const starts: MonthlyEnrollmentStart[] = items.flatMap((item) => {
    if (item.kind !== 'enrollment') return [];
    const monthly = item.snapshot.monthly;
    if (!monthly) return [];
    const schedule = item.snapshot.klass_group_schedule;
    return [
      {
        userId,
        orderItemId: item.id,
        scheduleId: item.scheduleId,
        attendees: item.attendees.flatMap((a) =>
          a.attendeeProfileId === null ? [] : [{ id: a.attendeeProfileId, name: a.name }],
        ),
        programme: item.snapshot.klass_group.name,
        scheduleName: schedule.name,
        monthlyPrice: monthly.monthly_price,
        currency,
        timeZone: schedule.time_zone,
        startDate: schedule.start_date,
        endDate: schedule.end_date,
        firstPeriod: monthly.first_period,
        autopay: monthly.autopay,
      },
    ];
  });
  if (starts.length > 0) await startMonthlyEnrollments(tx, starts);
}

async function queueReceipt(
  ctx: OrdersContext,
  tx: Db,
  order: OrderRow,
  items: OrderItemWithAttendees[],
  paidBy: OrderPaidBy,
) {
  const buyer = await buyerOfOrder(tx, order);
  if (!buyer) return;
  // The provider reported the card before this handler ran (docs/architecture.md#receipts-and-statements).
  const card = paidBy.method === 'card' ? await paymentCardOfOrder(tx, order.id) : null;
  const discounts = items
    .filter((item) => item.discount > 0)
    .map((item) => ({ code: item.couponCode, amount: item.discount }));
  const onItems = discounts.reduce((sum, d) => sum + d.amount, 0);
  if (order.discount > onItems) discounts.push({ code: null, amount: order.discount - onItems });
  const payments = [
    ...(amountDue(order) > 0 ? [{ method: paidBy.method, amount: amountDue(order), card }] : []),
    ...(order.creditApplied > 0
      ? [{ method: 'account_credit' as const, amount: order.creditApplied, card: null }]
      : []),
  ];
  await ctx.mailer.queue(tx, {
    to: buyer.email,
    locale: buyer.locale ?? 'en',
    template: 'order_receipt',
    params: {
      name: buyer.name,
      orderId: order.id,
      currency: order.currency,
      total: order.total,
      subtotal: order.subtotal,
      discounts,
      payments,
      items: items.map((item) =>
        item.kind === 'pass'
          ? {
              programme: item.snapshot.pass.name,
              schedule: '',
              timeZone: 'UTC',
              pass: {
                visits: item.snapshot.pass.visits,
                validityDays: item.snapshot.pass.validity_days,
              },
              attendees: [],
              klasses: [],
              total: item.total,
              subtotal: item.subtotal,
            }
          : item.kind === 'trial'
            ? {
                programme: orderItemTitle(item.snapshot),
                schedule: item.snapshot.trial.schedule_name,
                timeZone: item.snapshot.trial.time_zone,
                attendees: [item.snapshot.trial.child_name],
                klasses: [item.snapshot.trial.starts_at],
                total: item.total,
                subtotal: item.subtotal,
              }
            : {
                programme: item.snapshot.klass_group.name,
                schedule: item.snapshot.klass_group_schedule.name,
                timeZone: item.snapshot.klass_group_schedule.time_zone,
                attendees: item.attendees.map((a) => a.name),
                klasses: item.snapshot.klass_group_schedule.sessions.map((s) => s.starts_at),
                total: item.total,
                subtotal: item.subtotal,
              },
      ),
    },
  });
}

async function tellBuyer(ctx: OrdersContext, order: OrderRow, passesOnly: boolean) {
  // A walk-in without an account has no sockets or notifications: the receipt mail is all.
  if (order.userId === null) return;
  const buyer = await buyerOf(ctx.db, order.userId);
  const ja = buyer?.locale === 'ja';
  try {
    await ctx.notify({
      recipientId: order.userId,
      title: ja ? `ご注文 #${order.id} のお支払いが完了しました` : `Order #${order.id} is paid`,
      // A class pass books no place: its visits are booked later (decision 076).
      content: passesOnly
        ? ja
          ? '回数券のご用意ができました。領収書をメールでお送りしました。'
          : 'Your class pass is ready. We have e-mailed you a receipt.'
        : ja
          ? '受講の登録が完了しました。領収書をメールでお送りしました。'
          : 'Your places are booked. We have e-mailed you a receipt.',
      record: { type: 'orders', id: order.id },
    });
  } catch (err) {
    // The order is paid and the receipt queued: a lost notification must not undo either.
    ctx.log.warn({ err, orderId: order.id }, 'order paid but the buyer was not notified');
  }
}

/** What a stored payment event does to its order (registered with app.payments). */
export async function applyPaymentEvent(ctx: OrdersContext, event: PaymentEvent): Promise<void> {
  if (event.type === 'succeeded') {
    await markOrderPaid(ctx, event.orderId);
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, event.orderId);
    if (order?.status !== 'pending') return;
    const message = event.message ?? 'Your card was declined.';
    await updateOrder(tx, order.id, { paymentError: message });
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: 'payment_failed',
      data: { message },
      at: ctx.now(),
    });
  });
}
