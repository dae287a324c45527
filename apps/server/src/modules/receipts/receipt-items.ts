import { orderItemTitle } from '@atelier/contract';
import { localDate } from '../../lib/local-date';
import type { OrderItemWithAttendees } from '../orders';
import type { ReceiptOrder } from './receipt-model';

const DAY_MS = 86_400_000;

/** When the order's passes start counting: its payment (or, unpaid, its placing). */
type OrderTimes = { paidAt: Date | null; createdAt: Date };

/**
 * The lines of a receipt, one per item, with the dates a family reads on a calendar: a booking's
 * schedule dates as written, a trial's day in its class's zone (a 7:30 pm class in New York is
 * not on the next day's date), a pass's first and last valid days in the school's zone.
 */
export function receiptItems(
  order: OrderTimes,
  items: OrderItemWithAttendees[],
  schoolZone: string,
): ReceiptOrder['items'] {
  const bought = order.paidAt ?? order.createdAt;
  return items.map((item) => {
    const money = {
      subtotal: item.subtotal,
      discount: item.discount,
      total: item.total,
    };
    if (item.kind === 'pass') {
      const pass = item.snapshot.pass;
      return {
        programme: pass.name,
        schedule: '',
        startDate: localDate(bought, schoolZone),
        endDate: localDate(new Date(bought.getTime() + pass.validity_days * DAY_MS), schoolZone),
        attendees: [],
        ...money,
        couponCode: null,
      };
    }
    if (item.kind === 'trial') {
      const trial = item.snapshot.trial;
      const day = localDate(new Date(trial.starts_at), trial.time_zone);
      return {
        programme: orderItemTitle(item.snapshot),
        schedule: trial.schedule_name,
        startDate: day,
        endDate: day,
        attendees: [trial.child_name],
        ...money,
        couponCode: null,
      };
    }
    return {
      programme: item.snapshot.klass_group.name,
      schedule: item.snapshot.klass_group_schedule.name,
      startDate: item.snapshot.klass_group_schedule.start_date,
      endDate: item.snapshot.klass_group_schedule.end_date,
      attendees: item.attendees.map((a) => a.name),
      ...money,
      couponCode: item.couponCode ?? item.snapshot.coupon?.code ?? null,
    };
  });
}
