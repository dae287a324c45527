import { describe, expect, it } from 'vitest';
import { MAX_CART_ITEMS } from './cart.constants';
import { guestCartPricingQuerySchema } from './cart.schemas';
import { updateCartItemBodySchema } from './cart-documents.schemas';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('updateCartItemBodySchema (PUT /api/v2/cart_items/{id})', () => {
  it('reads any subset, ids parsed to numbers', () => {
    expect(
      updateCartItemBodySchema.parse({
        cart_item: { attendee_profile_ids: ['3', '12'], addon_ids: [] },
      }),
    ).toEqual({ cart_item: { attendee_profile_ids: [3, 12], addon_ids: [] } });
    expect(updateCartItemBodySchema.parse({ cart_item: {} })).toEqual({ cart_item: {} });
  });

  it('says why a number of attendees is refused', () => {
    const bad = (n: unknown) =>
      messages(updateCartItemBodySchema.safeParse({ cart_item: { number_of_attendees: n } }));
    expect(bad(0)).toEqual(['Must be at least 1']);
    expect(bad(1.5)).toEqual(['Must be a whole number']);
    expect(bad(1001)).toEqual(['Must be at most 1000']);
  });

  it('refuses ids that cannot be database ids', () => {
    for (const id of ['0', 'x', '-1', '2147483648']) {
      expect(updateCartItemBodySchema.safeParse({ cart_item: { addon_ids: [id] } }).success).toBe(
        false,
      );
    }
  });
});

describe('guest pricing query: plan and bounds', () => {
  const one = {
    klass_group_schedule_id: '3',
    number_of_attendees: 1,
    coupon_code: null,
    addon_ids: [],
  };

  it('takes an optional plan_id', () => {
    const parsed = guestCartPricingQuerySchema.parse({
      cart_item_params: JSON.stringify([one, { ...one, plan_id: '9' }]),
    });
    expect(parsed.cart_item_params.map((p) => p.plan_id)).toEqual([undefined, '9']);
  });

  it(`prices at most ${MAX_CART_ITEMS} items at once`, () => {
    const list = (n: number) => ({ cart_item_params: JSON.stringify(Array(n).fill(one)) });
    expect(guestCartPricingQuerySchema.safeParse(list(MAX_CART_ITEMS)).success).toBe(true);
    expect(guestCartPricingQuerySchema.safeParse(list(MAX_CART_ITEMS + 1)).success).toBe(false);
  });
});
