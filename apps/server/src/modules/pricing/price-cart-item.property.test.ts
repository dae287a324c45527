import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CartItemPriceInput,
  type PricingCoupon,
  type PricingSchedule,
  priceCartItem,
} from './price-cart-item';

// Properties of the one price function (docs/architecture.md#domain-model), over generated
// plans, schedules, add-ons, attendees, coupons and pricing instants: what must hold whatever
// the numbers, beside price-cart-item.test.ts's worked examples.

const DAY_MS = 24 * 60 * 60 * 1000;
const RUN_START = Date.UTC(2030, 0, 1);

const cents = fc.integer({ min: 0, max: 500_000 });

const coupon: fc.Arbitrary<PricingCoupon | null> = fc.option(
  fc.oneof(
    fc.record({ discountType: fc.constant('fixed' as const), discountAmount: cents }),
    // Whole percents and percents with two decimals, 0 to 100.
    fc
      .integer({ min: 0, max: 10_000 })
      .map((bp) => ({ discountType: 'percent' as const, discountAmount: bp / 100 })),
  ),
  { nil: null },
);

/** Sessions over a run of about four months, some cancelled. */
const klasses = fc.array(
  fc.record({
    startsAt: fc.integer({ min: 0, max: 120 * DAY_MS }).map((ms) => new Date(RUN_START + ms)),
    status: fc.constantFrom('scheduled' as const, 'cancelled' as const),
  }),
  { maxLength: 30 },
);

const schedule: fc.Arbitrary<PricingSchedule> = klasses.map((list) => ({
  timeZone: 'America/New_York',
  startDate: '2030-01-01',
  endDate: '2030-04-30',
  klasses: list,
}));

const instant = fc
  .integer({ min: -30 * DAY_MS, max: 150 * DAY_MS })
  .map((ms) => new Date(RUN_START + ms));

const item: fc.Arbitrary<CartItemPriceInput> = fc.record({
  plan: fc.record({
    basePrice: cents,
    unitPrice: cents,
    unitType: fc.constantFrom('class' as const, 'month' as const, 'term' as const),
  }),
  schedule,
  addonPrices: fc.array(cents, { maxLength: 5 }),
  numberOfAttendees: fc.integer({ min: 1, max: 30 }),
  coupon,
  at: instant,
});

/** Half up, computed apart from the implementation: exact rational, then compare remainders. */
function percentOffHalfUp(subtotal: number, percent: number): number {
  const keep = BigInt(10_000 - Math.round(percent * 100));
  const numerator = BigInt(subtotal) * keep;
  const whole = numerator / 10_000n;
  const remainder = numerator % 10_000n;
  return Number(remainder * 2n >= 10_000n ? whole + 1n : whole);
}

describe('cart item price, properties', () => {
  it('is whole cents, never negative, and the discount never exceeds the subtotal', () => {
    fc.assert(
      fc.property(item, (input) => {
        const price = priceCartItem(input);
        for (const value of Object.values(price)) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(price.discount).toBeLessThanOrEqual(price.subtotal);
        expect(price.total).toBe(price.subtotal - price.discount);
      }),
    );
  });

  it('applies a coupon once to the whole item, whatever the number of attendees', () => {
    fc.assert(
      fc.property(item, (input) => {
        const without = priceCartItem({ ...input, coupon: null });
        const price = priceCartItem(input);
        expect(price.subtotal).toBe(without.subtotal);
        if (!input.coupon) {
          expect(price.total).toBe(without.subtotal);
        } else if (input.coupon.discountType === 'fixed') {
          // Once per item: a fixed coupon takes its amount off once, not once per attendee.
          expect(price.total).toBe(Math.max(0, without.subtotal - input.coupon.discountAmount));
        } else {
          expect(price.total).toBe(percentOffHalfUp(without.subtotal, input.coupon.discountAmount));
        }
        // Pricing again gives the same figures: nothing accumulates between calls.
        expect(priceCartItem(input)).toEqual(price);
      }),
    );
  });

  it('rounds a percent coupon half up, on the total only', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (subtotal, bp) => {
          const price = priceCartItem({
            plan: { basePrice: subtotal, unitPrice: 0, unitType: 'term' },
            schedule: {
              timeZone: 'UTC',
              startDate: '2030-01-01',
              endDate: '2030-01-31',
              klasses: [],
            },
            addonPrices: [],
            numberOfAttendees: 1,
            coupon: { discountType: 'percent', discountAmount: bp / 100 },
            at: new Date(RUN_START),
          });
          const exact = (subtotal * (10_000 - bp)) / 10_000;
          // Within half a cent of the exact amount, and a tie goes up (to the school).
          expect(Math.abs(price.total - exact)).toBeLessThanOrEqual(0.5);
          if (Math.abs(exact - Math.trunc(exact) - 0.5) < 1e-9) {
            expect(price.total).toBe(Math.trunc(exact) + 1);
          }
        },
      ),
    );
  });

  it('rounds an exact half cent up', () => {
    // Ties built on purpose (random amounts rarely land on one): 50% off an odd amount, and 25%
    // or 75% off an amount that is 2 more than a multiple of 4, each leave exactly half a cent.
    const ties = fc.oneof(
      fc.nat(250_000).map((n) => ({ subtotal: 2 * n + 1, bp: 5_000 })),
      fc
        .tuple(fc.nat(125_000), fc.constantFrom(2_500, 7_500))
        .map(([n, bp]) => ({ subtotal: 4 * n + 2, bp })),
    );
    fc.assert(
      fc.property(ties, ({ subtotal, bp }) => {
        const price = priceCartItem({
          plan: { basePrice: subtotal, unitPrice: 0, unitType: 'term' },
          schedule: {
            timeZone: 'UTC',
            startDate: '2030-01-01',
            endDate: '2030-01-31',
            klasses: [],
          },
          addonPrices: [],
          numberOfAttendees: 1,
          coupon: { discountType: 'percent', discountAmount: bp / 100 },
          at: new Date(RUN_START),
        });
        expect(price.total).toBe((subtotal * (10_000 - bp)) / 10_000 + 0.5);
      }),
    );
  });

  it('counts a session starting at the very instant of pricing as ahead', () => {
    const withKlasses = item.filter((input) => input.schedule.klasses.length > 0);
    fc.assert(
      fc.property(withKlasses, fc.nat(), (input, pick) => {
        const klass = input.schedule.klasses[pick % input.schedule.klasses.length];
        if (!klass) return;
        const at = klass.startsAt;
        const ahead = input.schedule.klasses.filter(
          (s) => s.status === 'scheduled' && s.startsAt.getTime() >= at.getTime(),
        ).length;
        const plan = { ...input.plan, unitType: 'class' as const };
        expect(priceCartItem({ ...input, plan, at }).units).toBe(ahead);
      }),
    );
  });

  it('charges a class plan for the sessions still ahead: late joiners pay pro rata', () => {
    fc.assert(
      fc.property(item, instant, (input, later) => {
        const plan = { ...input.plan, unitType: 'class' as const };
        const ahead = input.schedule.klasses.filter(
          (s) => s.status === 'scheduled' && s.startsAt.getTime() >= input.at.getTime(),
        ).length;
        const price = priceCartItem({ ...input, plan });
        expect(price.units).toBe(ahead);
        expect(price.planPrice).toBe(plan.basePrice + plan.unitPrice * ahead);
        // Joining later never costs more.
        if (later.getTime() >= input.at.getTime()) {
          const late = priceCartItem({ ...input, plan, at: later });
          expect(late.units).toBeLessThanOrEqual(price.units);
          expect(late.subtotal).toBeLessThanOrEqual(price.subtotal);
        }
      }),
    );
  });
});
