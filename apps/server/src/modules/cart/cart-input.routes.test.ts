import { API, CART_MESSAGES, fieldMessages, TEXT_MESSAGES } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, type Cast, programmeWithSchedule } from '../classes/classes-testing';
import { SETUP_TIMEOUT_MS } from './cart-testing';

const OVERFLOW = ['2147483648', '9223372036854775808'];

// Cart ids and the guest call's text go through the contract's id and text schemas: what the
// database cannot hold is a 422 on its field, never a 500.
describe('cart routes: ids and text the database cannot hold', {
  timeout: SETUP_TIMEOUT_MS,
}, () => {
  let t: TestApp;
  let c: Cast;
  let scheduleId: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    ({ scheduleId } = await programmeWithSchedule(t, c));
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const update = (id: string, cartItem: object) =>
    t.app.inject({
      method: 'PUT',
      url: API.cartItem(id),
      payload: { cart_item: cartItem },
      headers: as(c.parent),
    });
  const price = (item: object) =>
    t.app.inject({
      method: 'GET',
      url: API.guestCartItems,
      query: {
        cart_item_params: JSON.stringify([
          {
            klass_group_schedule_id: scheduleId,
            number_of_attendees: 1,
            coupon_code: null,
            addon_ids: [],
            ...item,
          },
        ]),
      },
    });

  it('answers cart item ids beyond a PostgreSQL integer with 422', async () => {
    for (const bad of OVERFLOW) {
      const res = await update(bad, { number_of_attendees: 1 });
      expect(res.statusCode, bad).toBe(422);
      expect(fieldMessages(res.json())).toEqual({ id: 'Invalid input' });
      const listed = await update('1', { addon_ids: [bad] });
      expect(listed.statusCode, bad).toBe(422);
      expect(fieldMessages(listed.json())).toEqual({ 'addon_ids.0': 'Invalid input' });
    }
  });

  it('refuses a guest coupon code holding a NUL, and an overflowing schedule id', async () => {
    const coupon = await price({ coupon_code: 'SPRING\u000010' });
    expect(coupon.statusCode).toBe(422);
    expect(fieldMessages(coupon.json())).toEqual({
      'cart_item_params.0.coupon_code': TEXT_MESSAGES.controlCharacter,
    });
    const schedule = await price({ klass_group_schedule_id: OVERFLOW[0] });
    expect(schedule.statusCode).toBe(422);
    expect(fieldMessages(schedule.json())).toEqual({
      'cart_item_params.0.klass_group_schedule_id': CART_MESSAGES.scheduleUnavailable,
    });
    expect((await price({ coupon_code: 'SPRING10' })).statusCode).toBe(200);
  });
});
