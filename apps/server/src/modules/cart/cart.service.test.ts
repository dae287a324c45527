import { cartItemListDocumentSchema, cartItemSchema, parseDocument } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, type Cast, planBody, programmeWithSchedule } from '../classes/classes-testing';
import {
  type CartContext,
  type Coupon,
  type CouponLookup,
  listCart,
  noCouponsExist,
  priceGuestCart,
} from './cart.service';
import { addAddon, addToCart, SETUP_TIMEOUT_MS } from './cart-testing';

// The cart services with a pinned clock and a coupon lookup: what the routes cannot vary.
// The schedule: Saturdays 10:00 New York, 2030-01-05 … 2030-02-23 (8 sessions), plan 2000 + 3500
// per class.

const webList = z.array(cartItemSchema);

describe('cart pricing at an instant, with coupons', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  let offer: Awaited<ReturnType<typeof programmeWithSchedule>>;
  let materials: string;

  const coupons: Record<string, Coupon> = {
    TENOFF: {
      id: 7,
      code: 'TENOFF',
      discountType: 'percent',
      discountAmount: 10,
      klassGroupId: null,
    },
    FIFTY: {
      id: 8,
      code: 'FIFTY',
      discountType: 'fixed',
      discountAmount: 5000,
      klassGroupId: null,
    },
  };
  const asked: { codes: string[]; userId: number | null }[] = [];
  const lookup: CouponLookup = async (codes, { userId }) => {
    asked.push({ codes, userId });
    return new Map(codes.flatMap((code) => (coupons[code] ? [[code, coupons[code]]] : [])));
  };

  const ctxAt = (iso: string, couponLookup: CouponLookup = lookup): CartContext => ({
    db: t.database.db,
    urls: (key) => t.app.images.urls(key),
    now: () => new Date(iso),
    coupons: couponLookup,
  });

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    offer = await programmeWithSchedule(t, c, { programme: { name: 'Comics Drawing' } });
    materials = await addAddon(t, c.admin, offer.scheduleId, 'Materials', 1500);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('charges a late joiner only the sessions still ahead', async () => {
    await addToCart(t, c.student.id, { scheduleId: offer.scheduleId, planId: offer.planId });
    // On 2030-01-20 Jan 5, 12 and 19 are past; ahead: Jan 26 and the four February Saturdays.
    const doc = await listCart(ctxAt('2030-01-20T12:00:00Z', noCouponsExist), c.student.id);
    const [item] = parseDocument(webList, doc);
    expect(doc.data[0]?.attributes.units).toBe(5);
    expect(item?.total_price).toBe(2000 + 5 * 3500);
    // During the 10:00 session of Jan 26 (15:00 UTC) that session has started: four remain.
    const during = await listCart(ctxAt('2030-01-26T15:30:00Z', noCouponsExist), c.student.id);
    expect(during.data[0]?.attributes.units).toBe(4);
  });

  it('applies a coupon the lookup resolves, and shows it on the item', async () => {
    await addToCart(t, c.parent.id, {
      scheduleId: offer.scheduleId,
      planId: offer.planId,
      attendeeIds: [c.parent.attendees.mia, c.parent.attendees.leo],
      addonIds: [materials],
      couponCode: 'TENOFF',
    });
    asked.length = 0;
    const doc = await listCart(ctxAt('2029-12-01T00:00:00Z'), c.parent.id);
    cartItemListDocumentSchema.parse(doc);
    const [item] = parseDocument(webList, doc);
    const subtotal = (2000 + 8 * 3500 + 1500) * 2;
    expect(item?.coupon).toEqual({
      id: '7',
      code: 'TENOFF',
      discount_type: 'percent',
      discount_amount: 10,
    });
    expect(item?.total_price).toBe(Math.round(subtotal * 0.9));
    expect(doc.data[0]?.attributes.subtotal_price).toBe(subtotal);
    // The lookup is asked once for the cart, for the signed-in user.
    expect(asked).toEqual([{ codes: ['TENOFF'], userId: c.parent.id }]);
  });

  it('prices a code nothing resolves without a discount', async () => {
    const doc = await listCart(ctxAt('2029-12-01T00:00:00Z', noCouponsExist), c.parent.id);
    const [item] = parseDocument(webList, doc);
    expect(item?.coupon).toBeNull();
    expect(item?.total_price).toBe((2000 + 8 * 3500 + 1500) * 2);
  });

  it('applies coupons to guest items too, asking as a guest', async () => {
    asked.length = 0;
    const doc = await priceGuestCart(ctxAt('2029-12-01T00:00:00Z'), [
      {
        klass_group_schedule_id: offer.scheduleId,
        number_of_attendees: 1,
        coupon_code: 'FIFTY',
        addon_ids: [],
      },
      {
        klass_group_schedule_id: offer.scheduleId,
        number_of_attendees: 1,
        coupon_code: 'NOPE',
        addon_ids: [],
      },
    ]);
    const items = parseDocument(webList, doc);
    expect(items.map((i) => [i.total_price, i.coupon?.code ?? null])).toEqual([
      [2000 + 8 * 3500 - 5000, 'FIFTY'],
      [2000 + 8 * 3500, null],
    ]);
    expect(asked).toEqual([{ codes: ['FIFTY', 'NOPE'], userId: null }]);
  });

  it('asks as the user when the pricing call carries a session (a user group coupon)', async () => {
    asked.length = 0;
    await priceGuestCart(
      ctxAt('2029-12-01T00:00:00Z'),
      [
        {
          klass_group_schedule_id: offer.scheduleId,
          number_of_attendees: 1,
          coupon_code: 'TENOFF',
          addon_ids: [],
        },
      ],
      c.parent.id,
    );
    expect(asked).toEqual([{ codes: ['TENOFF'], userId: c.parent.id }]);
  });

  it('prices a month plan by the calendar months left in the run', async () => {
    const monthly = await t.app.inject({
      method: 'POST',
      url: '/api/v1/plans',
      headers: as(c.admin),
      payload: planBody({ name: 'Monthly', base_price: 0, unit_price: 12_000, unit_type: 'month' }),
    });
    const run = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_group_schedules/${offer.scheduleId}`,
      headers: as(c.admin),
      payload: { klass_group_schedule: { plan_ids: [offer.planId, monthly.json().data.id] } },
    });
    expect(run.statusCode).toBe(200);
    const params = {
      klass_group_schedule_id: offer.scheduleId,
      plan_id: monthly.json().data.id as string,
      number_of_attendees: 1,
      coupon_code: null,
      addon_ids: [],
    };
    const inDecember = await priceGuestCart(ctxAt('2029-12-15T12:00:00Z'), [params]);
    expect(inDecember.data[0]?.attributes).toMatchObject({ units: 2, total_price: 24_000 });
    const inFebruary = await priceGuestCart(ctxAt('2030-02-03T12:00:00Z'), [params]);
    expect(inFebruary.data[0]?.attributes).toMatchObject({ units: 1, total_price: 12_000 });
  });
});
