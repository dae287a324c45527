import { describe, expect, it, vi } from 'vitest';
import {
  type CartItemPriceInput,
  type PricingSchedule,
  planUnits,
  priceCartItem,
} from './price-cart-item';

const at = new Date('2030-01-15T15:00:00Z'); // 10:00 in New York

/** Saturdays 10:00 New York time (15:00 UTC in winter), from 2030-01-05 to 2030-02-23. */
function saturdays(status: (i: number) => 'scheduled' | 'cancelled' = () => 'scheduled') {
  const klasses: PricingSchedule['klasses'] = [];
  for (let i = 0; i < 8; i++) {
    klasses.push({ startsAt: new Date(Date.UTC(2030, 0, 5 + 7 * i, 15)), status: status(i) });
  }
  return klasses;
}

const schedule: PricingSchedule = {
  timeZone: 'America/New_York',
  startDate: '2030-01-05',
  endDate: '2030-02-23',
  klasses: saturdays(),
};

const input = (overrides: Partial<CartItemPriceInput> = {}): CartItemPriceInput => ({
  plan: { basePrice: 2000, unitPrice: 3500, unitType: 'class' },
  schedule,
  addonPrices: [],
  numberOfAttendees: 1,
  coupon: null,
  at,
  ...overrides,
});

describe('plan units', () => {
  it('counts for a class plan the sessions starting at or after the pricing instant', () => {
    // Jan 5 and Jan 12 are past on Jan 15; Jan 19 … Feb 23 are ahead: 6 sessions.
    expect(planUnits('class', schedule, at)).toBe(6);
    // A session starting exactly now is still ahead; one that started a second ago is not.
    const atKlass = new Date(Date.UTC(2030, 0, 19, 15));
    expect(planUnits('class', schedule, atKlass)).toBe(6);
    expect(planUnits('class', schedule, new Date(atKlass.getTime() + 1000))).toBe(5);
  });

  it('leaves cancelled sessions out of a class plan', () => {
    const withCancelled = {
      ...schedule,
      klasses: saturdays((i) => (i % 2 ? 'cancelled' : 'scheduled')),
    };
    // Ahead on Jan 15: indexes 2..7, of which 3, 5, 7 are cancelled.
    expect(planUnits('class', withCancelled, at)).toBe(3);
  });

  it('charges every session before the run starts, and none once it is over', () => {
    expect(planUnits('class', schedule, new Date('2029-12-01T00:00:00Z'))).toBe(8);
    expect(planUnits('class', schedule, new Date('2030-03-01T00:00:00Z'))).toBe(0);
  });

  it('counts for a month plan the calendar months not over, the current one in full', () => {
    // Before the run: January and February.
    expect(planUnits('month', schedule, new Date('2029-11-20T12:00:00Z'))).toBe(2);
    // Mid-January: January (started) and February.
    expect(planUnits('month', schedule, at)).toBe(2);
    // In February: February only.
    expect(planUnits('month', schedule, new Date('2030-02-10T12:00:00Z'))).toBe(1);
    // The last day of the run still charges its month; the day after, nothing.
    expect(planUnits('month', schedule, new Date('2030-02-23T23:00:00Z'))).toBe(1);
    expect(planUnits('month', schedule, new Date('2030-02-24T12:00:00Z'))).toBe(0);
  });

  it('reads the month plan calendar in the schedule time zone', () => {
    // 2030-03-01T03:00Z is still February 28 in New York, but March 1 in Tokyo.
    const run = { ...schedule, startDate: '2030-01-05', endDate: '2030-04-10' };
    const instant = new Date('2030-03-01T03:00:00Z');
    expect(planUnits('month', run, instant)).toBe(3); // February, March, April
    expect(planUnits('month', { ...run, timeZone: 'Asia/Tokyo' }, instant)).toBe(2);
  });

  it('counts months across a year end', () => {
    const run = { ...schedule, startDate: '2029-11-15', endDate: '2030-02-01' };
    expect(planUnits('month', run, new Date('2029-10-01T12:00:00Z'))).toBe(4);
    expect(planUnits('month', run, new Date('2029-12-31T12:00:00Z'))).toBe(3);
  });

  it('counts a term plan once, whenever it is priced', () => {
    expect(planUnits('term', schedule, at)).toBe(1);
    expect(planUnits('term', schedule, new Date('2031-01-01T00:00:00Z'))).toBe(1);
  });
});

describe('cart item price', () => {
  it('is base price plus unit price times units, per attendee, plus add-ons per attendee', () => {
    const price = priceCartItem(input({ addonPrices: [1500, 250], numberOfAttendees: 3 }));
    // Plan: 2000 + 3500 × 6 = 23 000; add-ons 1750; (23 000 + 1750) × 3 = 74 250.
    expect(price).toEqual({
      units: 6,
      planPrice: 23_000,
      addonsPrice: 1750,
      subtotal: 74_250,
      discount: 0,
      total: 74_250,
    });
  });

  it('prices a month plan and a term plan by their units', () => {
    expect(
      priceCartItem(input({ plan: { basePrice: 1000, unitPrice: 12_000, unitType: 'month' } }))
        .total,
    ).toBe(25_000);
    expect(
      priceCartItem(input({ plan: { basePrice: 5000, unitPrice: 40_000, unitType: 'term' } }))
        .total,
    ).toBe(45_000);
  });

  it('charges only the base price and add-ons when no session is ahead', () => {
    const late = priceCartItem(input({ at: new Date('2030-03-01T00:00:00Z'), addonPrices: [100] }));
    expect(late).toMatchObject({ units: 0, planPrice: 2000, total: 2100 });
  });

  it('takes a fixed coupon off the whole item once, not per attendee', () => {
    const price = priceCartItem(
      input({ numberOfAttendees: 2, coupon: { discountType: 'fixed', discountAmount: 5000 } }),
    );
    expect(price).toMatchObject({ subtotal: 46_000, discount: 5000, total: 41_000 });
  });

  it('never goes below 0 with a fixed coupon larger than the price', () => {
    const price = priceCartItem(
      input({ coupon: { discountType: 'fixed', discountAmount: 1_000_000 } }),
    );
    expect(price).toMatchObject({ subtotal: 23_000, discount: 23_000, total: 0 });
  });

  it('takes a percent coupon off the subtotal (add-ons and attendees included)', () => {
    const price = priceCartItem(
      input({
        addonPrices: [1000],
        numberOfAttendees: 2,
        coupon: { discountType: 'percent', discountAmount: 25 },
      }),
    );
    // (23 000 + 1000) × 2 = 48 000; 25% off = 36 000.
    expect(price).toMatchObject({ subtotal: 48_000, discount: 12_000, total: 36_000 });
  });

  it('rounds a percent discount half up, once, on the total', () => {
    const cents = (subtotal: number, percent: number) =>
      priceCartItem(
        input({
          plan: { basePrice: subtotal, unitPrice: 0, unitType: 'term' },
          coupon: { discountType: 'percent', discountAmount: percent },
        }),
      ).total;
    expect(cents(1005, 10)).toBe(905); // 904.5 → 905
    expect(cents(1004, 10)).toBe(904); // 903.6 → 904
    expect(cents(1001, 10)).toBe(901); // 900.9 → 901
    expect(cents(999, 10)).toBe(899); // 899.1 → 899
    expect(cents(3, 50)).toBe(2); // 1.5 → 2
    expect(cents(1, 50)).toBe(1); // 0.5 → 1
    expect(cents(10_000, 12.5)).toBe(8750); // two decimals are exact
    expect(cents(333, 33.33)).toBe(222); // 222.0111 → 222
  });

  it('makes everything free with 100% off and changes nothing with 0%', () => {
    const with100 = priceCartItem(
      input({ coupon: { discountType: 'percent', discountAmount: 100 } }),
    );
    expect(with100).toMatchObject({ total: 0, discount: 23_000 });
    const with0 = priceCartItem(input({ coupon: { discountType: 'percent', discountAmount: 0 } }));
    expect(with0).toMatchObject({ total: 23_000, discount: 0 });
  });

  it('applies no discount without a coupon', () => {
    expect(priceCartItem(input({ coupon: null }))).toMatchObject({ discount: 0, total: 23_000 });
  });

  it.each([
    ['a percent above 100', { discountType: 'percent', discountAmount: 100.5 }],
    ['a negative percent', { discountType: 'percent', discountAmount: -5 }],
    ['a percent with three decimals', { discountType: 'percent', discountAmount: 12.345 }],
    ['a percent that is not a number', { discountType: 'percent', discountAmount: Number.NaN }],
    ['fractional fixed cents', { discountType: 'fixed', discountAmount: 10.5 }],
    ['a negative fixed amount', { discountType: 'fixed', discountAmount: -100 }],
  ] as const)('refuses a coupon with %s', (_, coupon) => {
    expect(() => priceCartItem(input({ coupon }))).toThrow(RangeError);
  });

  it('refuses prices that are not whole non-negative cents and fewer than one attendee', () => {
    const plan = { basePrice: 2000, unitPrice: 3500, unitType: 'class' } as const;
    expect(() => priceCartItem(input({ plan: { ...plan, basePrice: 19.99 } }))).toThrow(RangeError);
    expect(() => priceCartItem(input({ plan: { ...plan, unitPrice: -1 } }))).toThrow(RangeError);
    expect(() => priceCartItem(input({ addonPrices: [1.5] }))).toThrow(RangeError);
    expect(() => priceCartItem(input({ numberOfAttendees: 0 }))).toThrow(RangeError);
    expect(() => priceCartItem(input({ numberOfAttendees: 1.5 }))).toThrow(RangeError);
  });

  it('stays exact for the largest prices a plan may have', () => {
    // The percent step multiplies 5.01 × 10^12 by 6667: past 2^53, exact only in integers.
    const many = Array.from({ length: 500 }, (_, i) => ({
      startsAt: new Date(Date.UTC(2031, 0, 1) + i * 86_400_000),
      status: 'scheduled' as const,
    }));
    const price = priceCartItem(
      input({
        plan: { basePrice: 10_000_000, unitPrice: 10_000_000, unitType: 'class' },
        schedule: { ...schedule, klasses: many },
        numberOfAttendees: 1000,
        coupon: { discountType: 'percent', discountAmount: 33.33 },
      }),
    );
    // (10^7 + 10^7 × 500) × 1000 = 5.01 × 10^12; × 0.6667 = 3 340 167 000 000 exactly.
    expect(price.subtotal).toBe(5_010_000_000_000);
    expect(price.total).toBe(3_340_167_000_000);
  });

  it('prices at the given instant, not at the clock', () => {
    const facts = input({ addonPrices: [500], numberOfAttendees: 2 });
    const before = priceCartItem(facts);
    vi.useFakeTimers();
    try {
      vi.setSystemTime(new Date('2030-02-20T00:00:00Z'));
      expect(priceCartItem(facts)).toEqual(before);
    } finally {
      vi.useRealTimers();
    }
  });
});
