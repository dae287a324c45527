import type { CouponDiscountType, UnitType } from '@atelier/contract';
import { localDate } from '../../lib/local-date';

// The one price function of docs/architecture.md#domain-model. Pure: everything it depends on, the instant of pricing
// included, comes in as arguments, so the cart, the guest pricing call and (with commerce) the
// order snapshot all compute the same number from the same facts.
//
//   price = (plan price + add-ons) × number_of_attendees − coupon discount, never below 0
//   plan price = base_price + unit_price × units
//
// Units by unit_type:
//   class  the sessions still ahead at pricing time: not cancelled and starting at or after `at`
//          (a session under way has started; late joiners pay pro rata).
//   month  the calendar months of the schedule's run that are not over yet, in the schedule's
//          time zone: from the month of the later of today and the start date, to the month of
//          the end date, both counted whole (a started month is charged in full). 0 once the run
//          is over.
//   term   1.
//
// Money is integer cents. The only division is a percent coupon; its result is rounded half up
// once, on the final total (so 10% off 1005 is 905: the half cent goes to the school).

export type PricingPlan = { basePrice: number; unitPrice: number; unitType: UnitType };

/** What pricing needs of a schedule: its run (local dates) and its sessions. */
export type PricingSchedule = {
  /** IANA zone the dates are in. */
  timeZone: string;
  /** First and last day of the run, `YYYY-MM-DD` in `timeZone`. */
  startDate: string;
  endDate: string;
  /** Sessions of the schedule; past and cancelled ones may be included, they are not counted. */
  klasses: { startsAt: Date; status: 'scheduled' | 'cancelled' }[];
};

/**
 * A coupon's terms: `percent` takes `discountAmount` percent off (0–100, at most two decimals);
 * `fixed` takes `discountAmount` cents off the item.
 */
export type PricingCoupon = { discountType: CouponDiscountType; discountAmount: number };

export type CartItemPriceInput = {
  plan: PricingPlan;
  schedule: PricingSchedule;
  /** Prices (cents) of the chosen add-ons, each charged per attendee. */
  addonPrices: number[];
  numberOfAttendees: number;
  coupon: PricingCoupon | null;
  /** The instant of pricing. */
  at: Date;
};

export type CartItemPrice = {
  units: number;
  /** base_price + unit_price × units, per attendee. */
  planPrice: number;
  /** The add-ons' prices, per attendee. */
  addonsPrice: number;
  /** (planPrice + addonsPrice) × number_of_attendees. */
  subtotal: number;
  /** subtotal − total. */
  discount: number;
  total: number;
};

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative whole number of cents, got ${value}`);
  }
}

/** Months since year 0 of a `YYYY-MM-DD` date: consecutive months differ by 1. */
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** How many units of `unitType` the plan charges for, at `at` (rules at the top of the file). */
export function planUnits(unitType: UnitType, schedule: PricingSchedule, at: Date): number {
  switch (unitType) {
    case 'class': {
      const from = at.getTime();
      return schedule.klasses.filter(
        (s) => s.status !== 'cancelled' && s.startsAt.getTime() >= from,
      ).length;
    }
    case 'month': {
      const today = localDate(at, schedule.timeZone);
      // YYYY-MM-DD dates order as text (Math.max would turn them into NaN).
      const from = today.localeCompare(schedule.startDate) > 0 ? today : schedule.startDate;
      if (from > schedule.endDate) return 0;
      return monthIndex(schedule.endDate) - monthIndex(from) + 1;
    }
    case 'term':
      return 1;
  }
}

/** Percent as hundredths of a percent (basis points), refusing more than two decimals. */
function percentBasisPoints(percent: number): bigint {
  if (!Number.isFinite(percent))
    throw new RangeError(`a percent coupon is a number, got ${percent}`);
  const basisPoints = Math.round(percent * 100);
  if (Math.abs(percent * 100 - basisPoints) > 1e-6) {
    throw new RangeError(`a percent coupon has at most two decimals, got ${percent}`);
  }
  if (basisPoints < 0 || basisPoints > 10_000) {
    throw new RangeError(`a percent coupon is between 0 and 100, got ${percent}`);
  }
  return BigInt(basisPoints);
}

/** The total after the coupon, from the subtotal, in cents (exact integer arithmetic). */
function totalAfterCoupon(subtotal: bigint, coupon: PricingCoupon | null): bigint {
  if (!coupon) return subtotal;
  if (coupon.discountType === 'fixed') {
    assertCents(coupon.discountAmount, 'a fixed coupon');
    const total = subtotal - BigInt(coupon.discountAmount);
    return total > 0n ? total : 0n;
  }
  const keep = 10_000n - percentBasisPoints(coupon.discountAmount);
  // Round half up: floor((x + ½)) on non-negative values, with x = subtotal × keep / 10 000.
  return (subtotal * keep + 5_000n) / 10_000n;
}

function safeNumber(value: bigint, what: string): number {
  const out = Number(value);
  if (!Number.isSafeInteger(out)) throw new RangeError(`${what} is too large: ${value}`);
  return out;
}

/** Prices one cart item (docs/architecture.md#domain-model). Throws RangeError on input no stored row can hold. */
export function priceCartItem(input: CartItemPriceInput): CartItemPrice {
  const { plan, addonPrices, numberOfAttendees } = input;
  assertCents(plan.basePrice, 'base_price');
  assertCents(plan.unitPrice, 'unit_price');
  for (const price of addonPrices) assertCents(price, 'an add-on price');
  if (!Number.isSafeInteger(numberOfAttendees) || numberOfAttendees < 1) {
    throw new RangeError(`number_of_attendees must be at least 1, got ${numberOfAttendees}`);
  }
  const units = planUnits(plan.unitType, input.schedule, input.at);
  const planPrice = BigInt(plan.basePrice) + BigInt(plan.unitPrice) * BigInt(units);
  const addonsPrice = addonPrices.reduce((sum, price) => sum + BigInt(price), 0n);
  const subtotal = (planPrice + addonsPrice) * BigInt(numberOfAttendees);
  const total = totalAfterCoupon(subtotal, input.coupon);
  return {
    units,
    planPrice: safeNumber(planPrice, 'the plan price'),
    addonsPrice: safeNumber(addonsPrice, 'the add-ons price'),
    subtotal: safeNumber(subtotal, 'the subtotal'),
    discount: safeNumber(subtotal - total, 'the discount'),
    total: safeNumber(total, 'the total'),
  };
}
