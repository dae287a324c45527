import { describe, expect, it } from 'vitest';
import { document, parseDocument, resource } from '../common/json-api';
import { cartItemSchema, guestCartPricingQuerySchema } from './cart.schemas';
import { addCartItemBodySchema, mergeCartBodySchema } from './cart-writes.schemas';

const item = {
  number_of_attendees: 2,
  total_price: 24000,
  available: true,
  unavailable_reason: null,
  coupon: { id: '9', code: 'SPRING', discount_type: 'percent', discount_amount: 10 },
  cart_item_attendee_profiles: [
    { id: '11', attendee_profile: { id: '21', name: null, birthday: null } },
  ],
  cart_item_klass_group_schedule_addons: [{ klass_group_schedule_addon: { id: '5' } }],
  klass_group_schedule: {
    id: '31',
    klass_group: {
      id: '41',
      name: 'Figure Drawing',
      image_url: null,
      min_age: null,
      max_age: null,
    },
    klass_group_schedule_plan: { plan: { base_price: 0, unit_price: 3000, unit_type: 'class' } },
  },
};

describe('cartItemSchema (docs/product.md#data-the-client-sees and #validation)', () => {
  it('parses a flattened cart item document', () => {
    const parsed = parseDocument(cartItemSchema, document(resource('cart_items', 1, item)));
    expect(parsed).toEqual({ id: '1', ...item });
  });

  it('accepts an item without a coupon', () => {
    expect(cartItemSchema.safeParse({ id: '1', ...item, coupon: null }).success).toBe(true);
  });

  it.each([
    ['total_price as text', { total_price: '240.00' }],
    ['a missing schedule', { klass_group_schedule: undefined }],
    ['attendees not a list', { cart_item_attendee_profiles: {} }],
    [
      'a plan price as text',
      {
        klass_group_schedule: {
          ...item.klass_group_schedule,
          klass_group_schedule_plan: {
            plan: { base_price: '0', unit_price: 3000, unit_type: 'class' },
          },
        },
      },
    ],
  ])('rejects %s', (_, change) => {
    expect(cartItemSchema.safeParse({ id: '1', ...item, ...change }).success).toBe(false);
  });
});

describe('guestCartPricingQuerySchema', () => {
  it('reads cart_item_params as JSON text of a list of items to price', () => {
    const list = [
      {
        klass_group_schedule_id: '31',
        number_of_attendees: 2,
        coupon_code: null,
        addon_ids: ['5'],
      },
    ];
    expect(guestCartPricingQuerySchema.parse({ cart_item_params: JSON.stringify(list) })).toEqual({
      cart_item_params: list,
    });
  });

  it('rejects text that is not JSON, or items that do not match', () => {
    expect(guestCartPricingQuerySchema.safeParse({ cart_item_params: '{' }).success).toBe(false);
    expect(
      guestCartPricingQuerySchema.safeParse({
        cart_item_params: JSON.stringify([{ klass_group_schedule_id: 31 }]),
      }).success,
    ).toBe(false);
  });
});

describe('addCartItemBodySchema and mergeCartBodySchema (docs/product.md#booking-and-the-cart)', () => {
  it('reads a new item with ids as numbers and defaults for the lists', () => {
    expect(
      addCartItemBodySchema.parse({
        cart_item: { klass_group_schedule_id: '3', plan_id: '4', coupon_code: '  ' },
      }),
    ).toEqual({
      cart_item: {
        klass_group_schedule_id: 3,
        plan_id: 4,
        attendee_profile_ids: [],
        addon_ids: [],
        coupon_code: null,
      },
    });
  });

  it('requires a schedule and a plan', () => {
    const result = addCartItemBodySchema.safeParse({ cart_item: { plan_id: '4' } });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['cart_item.klass_group_schedule_id', 'Required'],
    ]);
  });

  it('reads typed attendees of a guest item and refuses a birthday in the future', () => {
    const one = {
      klass_group_schedule_id: '3',
      number_of_attendees: 1,
      coupon_code: null,
      addon_ids: [],
    };
    const parsed = mergeCartBodySchema.parse({
      cart_item_params: [{ ...one, attendees: [{ name: 'Mia', birthday: '2016-01-02' }] }, one],
    });
    expect(parsed.cart_item_params.map((p) => p.attendees)).toEqual([
      [{ name: 'Mia', birthday: '2016-01-02' }],
      [],
    ]);
    expect(
      mergeCartBodySchema.safeParse({
        cart_item_params: [{ ...one, attendees: [{ name: 'Mia', birthday: '2999-01-01' }] }],
      }).success,
    ).toBe(false);
  });
});
