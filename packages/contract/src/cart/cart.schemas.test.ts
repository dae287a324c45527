import { describe, expect, it } from 'vitest';
import { document, parseDocument, resource } from '../common/json-api';
import { cartItemSchema, guestCartPricingQuerySchema } from './cart.schemas';

const item = {
  number_of_attendees: 2,
  total_price: 24000,
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
