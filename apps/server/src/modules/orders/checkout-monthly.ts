import type { CheckoutBody } from '@atelier/contract';
import { ValidationError } from '../../lib/app-error';
import { defaultCardOf, laterPeriod, monthCharge, periodBounds, periodOf } from '../billing';
import type { AnyCheckoutItem, CheckoutItem, PassCheckoutItem, TrialCheckoutItem } from '../cart';
import { scheduledSessionsBetween } from '../classes';
import { priceCartItem } from '../pricing';
import type { OrdersContext } from './orders.context';

// Paying a month plan monthly at checkout (docs/decisions/075-monthly-tuition-and-billing-runs.md):
// the order charges the plan's base price and the first month only, prorated by the sessions
// ahead for a late start; the months after it are billed by billing runs. Pay in full, every
// remaining month at checkout, stays the default.

/** The monthly choice an order item keeps in its snapshot. */
export type MonthlyChoice = {
  firstPeriod: string;
  firstMonthAmount: number;
  monthlyPrice: number;
  autopay: boolean;
};

/** A class booking as checkout orders it: paid in full, or monthly. */
export type OrderableEnrollment = CheckoutItem & { monthly?: MonthlyChoice };
/** A cart item of any kind as checkout orders it (a pass is always paid in full). */
export type OrderableItem = OrderableEnrollment | PassCheckoutItem | TrialCheckoutItem;

/** The school's zone billing periods are read in, when the app does not say (config's default). */
export const DEFAULT_BILLING_ZONE = 'America/New_York';

type Choices = NonNullable<NonNullable<CheckoutBody>['monthly']>;

/**
 * The items with the family's monthly choices applied and priced. 422 for a choice naming no
 * cart item, a plan that is not by the month, or autopay without a saved card.
 */
export async function withMonthlyChoices(
  ctx: OrdersContext,
  userId: number,
  items: AnyCheckoutItem[],
  choices: { cart_item_id: number; autopay?: boolean | undefined }[] | Choices | undefined,
  at: Date,
): Promise<OrderableItem[]> {
  if (!choices || choices.length === 0) return items;
  const zone = ctx.billingZone ?? DEFAULT_BILLING_ZONE;
  const errors: { field: string; detail: string }[] = [];
  const chosen = new Map<number, boolean>();
  let card: number | null | undefined;
  for (const [index, choice] of choices.entries()) {
    const id = Number(choice.cart_item_id);
    const item = items.find((i) => i.cartItemId === id);
    if (!item) {
      errors.push({ field: `monthly.${index}.cart_item_id`, detail: 'Not an item of your cart' });
    } else if (item.kind !== 'enrollment' || item.plan.unitType !== 'month') {
      errors.push({
        field: `monthly.${index}.cart_item_id`,
        detail: 'Only a plan by the month can be paid monthly',
      });
    } else {
      if (choice.autopay) {
        card = card === undefined ? await defaultCardOf(ctx.db, userId) : card;
        if (card === null) {
          errors.push({
            field: `monthly.${index}.autopay`,
            detail: 'Save a card in your account settings to pay by autopay',
          });
        }
      }
      chosen.set(id, choice.autopay === true);
    }
  }
  if (errors.length > 0) throw new ValidationError(errors);
  const out: OrderableItem[] = [];
  for (const item of items) {
    const autopay = chosen.get(item.cartItemId);
    if (autopay === undefined || item.kind !== 'enrollment') {
      out.push(item);
      continue;
    }
    const firstPeriod = laterPeriod(periodOf(at, zone), item.schedule.startDate.slice(0, 7));
    const { from, to } = periodBounds(firstPeriod, zone);
    const sessions = await scheduledSessionsBetween(ctx.db, [item.schedule.id], from, to);
    const first = monthCharge(
      item.plan.unitPrice,
      sessions.map((s) => s.startsAt),
      at,
    );
    // The base price and the first month, as a one-unit plan: add-ons, attendees and the coupon
    // apply as they do to any item.
    const price = priceCartItem({
      plan: { basePrice: item.plan.basePrice + first.amount, unitPrice: 0, unitType: 'term' },
      schedule: {
        timeZone: item.schedule.timeZone,
        startDate: item.schedule.startDate,
        endDate: item.schedule.endDate,
        klasses: item.schedule.klassesAhead,
      },
      addonPrices: item.addons.map((a) => a.addon.price),
      numberOfAttendees: item.numberOfAttendees,
      coupon: item.coupon,
      at,
    });
    out.push({
      ...item,
      price,
      monthly: {
        firstPeriod,
        firstMonthAmount: first.amount,
        monthlyPrice: item.plan.unitPrice,
        autopay,
      },
    });
  }
  return out;
}
