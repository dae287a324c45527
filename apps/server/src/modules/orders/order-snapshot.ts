import type { OrderItemSnapshot } from '@atelier/contract';
import type { CheckoutItem, PassCheckoutItem, TrialCheckoutItem } from '../cart';
import type { ScheduleSnapshotExtras } from '../classes';
import { passSnapshotOf } from '../passes';
import type { MonthlyChoice } from './checkout-monthly';
import type { NewOrderItemRow } from './orders.repository';

type SnapshotSchedule = Pick<
  CheckoutItem['schedule'],
  'id' | 'name' | 'timeZone' | 'startDate' | 'endDate'
>;
type SnapshotPlan = Pick<
  CheckoutItem['plan'],
  'id' | 'name' | 'basePrice' | 'unitPrice' | 'unitType'
>;

/** The schedule as an order keeps it: its dates, teacher and classes when the order was placed. */
export function scheduleSnapshotOf(
  schedule: SnapshotSchedule,
  extras: ScheduleSnapshotExtras | undefined,
): OrderItemSnapshot['klass_group_schedule'] {
  return {
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
  };
}

/** The plan as an order keeps it: its prices when the order was placed. */
export function planSnapshotOf(plan: SnapshotPlan): OrderItemSnapshot['plan'] {
  return {
    id: String(plan.id),
    name: plan.name,
    base_price: plan.basePrice,
    unit_price: plan.unitPrice,
    unit_type: plan.unitType,
  };
}

/** What an order item keeps of what was booked, as it was when the order was placed. */
export function snapshotOf(
  item: CheckoutItem & { monthly?: MonthlyChoice },
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
    klass_group_schedule: scheduleSnapshotOf(schedule, extras),
    plan: planSnapshotOf(plan),
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
    ...(item.monthly
      ? {
          monthly: {
            first_period: item.monthly.firstPeriod,
            first_month_amount: item.monthly.firstMonthAmount,
            monthly_price: item.monthly.monthlyPrice,
            autopay: item.monthly.autopay,
          },
        }
      : {}),
  };
}

/** An order item's row for a priced item: checkout's and the desk's orders write it alike. */
export function orderItemRowOf(
  orderId: number,
  item: CheckoutItem & { monthly?: MonthlyChoice },
  extras: ScheduleSnapshotExtras | undefined,
): NewOrderItemRow {
  return {
    orderId,
    kind: 'enrollment',
    scheduleId: item.schedule.id,
    planId: item.plan.id,
    numberOfAttendees: item.numberOfAttendees,
    units: item.price.units,
    subtotal: item.price.subtotal,
    discount: item.price.discount,
    total: item.price.total,
    couponId: item.coupon?.id ?? null,
    couponCode: item.coupon?.code ?? null,
    snapshot: snapshotOf(item, extras),
  };
}

/** An order item's row for a class pass: one, at its price, with the pass as sold. */
export function passOrderItemRowOf(orderId: number, item: PassCheckoutItem): NewOrderItemRow {
  return {
    orderId,
    kind: 'pass',
    passId: item.pass.id,
    numberOfAttendees: 1,
    units: item.price.units,
    subtotal: item.price.subtotal,
    discount: item.price.discount,
    total: item.price.total,
    couponId: null,
    couponCode: null,
    snapshot: passSnapshotOf(item.pass),
  };
}

/**
 * An order item's row for a paid trial (docs/decisions/077-trial-classes.md): one child in one
 * class, at the programme's trial price, with the class as it was ordered.
 */
export function trialOrderItemRowOf(
  orderId: number,
  item: TrialCheckoutItem,
  creditUntil: Date,
): NewOrderItemRow {
  const t = item.trial;
  return {
    orderId,
    kind: 'trial',
    klassId: t.klassId,
    scheduleId: t.scheduleId,
    numberOfAttendees: 1,
    units: item.price.units,
    subtotal: item.price.subtotal,
    discount: item.price.discount,
    total: item.price.total,
    couponId: null,
    couponCode: null,
    snapshot: {
      trial: {
        klass_id: String(t.klassId),
        klass_group_id: String(t.klassGroupId),
        klass_group_schedule_id: String(t.scheduleId),
        programme: t.programme,
        schedule_name: t.scheduleName,
        starts_at: t.startsAt.toISOString(),
        ends_at: t.endsAt.toISOString(),
        time_zone: t.timeZone,
        attendee_profile_id: String(t.attendeeProfileId),
        child_name: t.childName,
        price: item.price.total,
        credit_until: creditUntil.toISOString(),
      },
    },
  };
}
