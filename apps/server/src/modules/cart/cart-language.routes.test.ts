import { CART_API, type CartItem, cartItemSchema, parseDocument } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, type Cast, programmeWithSchedule } from '../classes/classes-testing';
import { SETUP_TIMEOUT_MS } from './cart-testing';

// The cart shows what the school wrote in the reader's language, as the catalogue does
// (docs/architecture.md#translated-content).

const names = (item: CartItem | undefined) => ({
  programme: item?.klass_group_schedule.klass_group.name,
  schedule: item?.klass_group_schedule.name,
  plan: item?.klass_group_schedule.klass_group_schedule_plan.plan.name,
  addons: item?.cart_item_klass_group_schedule_addons.map((a) => a.klass_group_schedule_addon.name),
});
const items = (body: unknown): CartItem[] => parseDocument(z.array(cartItemSchema), body);

const english = {
  programme: 'Art & Science',
  schedule: 'Current term',
  plan: 'Pay per class',
  addons: ['Materials kit'],
};
const japanese = {
  programme: 'アートとサイエンス',
  schedule: '今学期',
  plan: '1回ごと',
  addons: ['画材キット'],
};

describe('the cart in the reader’s language', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  let scheduleId: string;
  let planId: string;
  let addonId: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    const offer = await programmeWithSchedule(t, c, {
      programme: { name: 'Art & Science', translations: { ja: { name: 'アートとサイエンス' } } },
      schedule: { name: 'Current term', translations: { ja: { name: '今学期' } } },
    });
    scheduleId = offer.scheduleId;
    planId = offer.planId;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/plans/${offer.planId}`,
      headers: as(c.admin),
      payload: { plan: { name: 'Pay per class', translations: { ja: { name: '1回ごと' } } } },
    });
    const addon = await t.app.inject({
      method: 'POST',
      url: `/api/v1/klass_group_schedules/${scheduleId}/addons`,
      headers: as(c.admin),
      payload: {
        addon: { name: 'Materials kit', price: 3500, translations: { ja: { name: '画材キット' } } },
      },
    });
    addonId = addon.json().data.id;
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('prices a guest’s items with the Japanese names for a Japanese reader, English otherwise', async () => {
    const price = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: CART_API.guestItems,
        headers,
        query: {
          cart_item_params: JSON.stringify([
            {
              klass_group_schedule_id: scheduleId,
              number_of_attendees: 1,
              coupon_code: null,
              addon_ids: [addonId],
            },
          ]),
        },
      });
    expect(names(items((await price({ 'accept-language': 'ja' })).json())[0])).toEqual(japanese);
    expect(names(items((await price({})).json())[0])).toEqual(english);
  });

  it('answers a family’s cart, and the item it added, in the language it asks in', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: CART_API.items,
      headers: { ...as(c.parent), 'accept-language': 'ja' },
      payload: {
        cart_item: {
          klass_group_schedule_id: scheduleId,
          plan_id: planId,
          number_of_attendees: 1,
          addon_ids: [addonId],
        },
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(names(parseDocument(cartItemSchema, added.json()))).toEqual(japanese);
    const cart = (language: string) =>
      t.app.inject({
        method: 'GET',
        url: CART_API.items,
        headers: { ...as(c.parent), 'accept-language': language },
      });
    expect(names(items((await cart('ja')).json())[0])).toEqual(japanese);
    expect(names(items((await cart('en')).json())[0])).toEqual(english);
  });
});
