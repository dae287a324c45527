import { describe, expect, it } from 'vitest';
import {
  customerBodySchema,
  guestCustomerBodySchema,
  walkInOrderBodySchema,
  walkInPriceQuerySchema,
} from './customers.schemas';

describe('customers schemas', () => {
  it('reads a walk-in with blank e-mail and phone as none, and lower-cases an e-mail', () => {
    expect(
      guestCustomerBodySchema.parse({ guest_customer: { name: ' Hana ', email: '', phone: ' ' } }),
    ).toEqual({ guest_customer: { name: 'Hana', email: null, phone: null, notes: '' } });
    expect(
      guestCustomerBodySchema.parse({ guest_customer: { name: 'H', email: ' A@B.CO ' } })
        .guest_customer.email,
    ).toBe('a@b.co');
    expect(
      guestCustomerBodySchema.safeParse({ guest_customer: { name: 'H', email: 'nope' } }).success,
    ).toBe(false);
  });

  it('takes a known time zone or null, not an unknown one', () => {
    const body = (time_zone: string | null) => ({ customer: { name: 'Pat', time_zone } });
    expect(customerBodySchema.safeParse(body('Asia/Tokyo')).success).toBe(true);
    expect(customerBodySchema.safeParse(body(null)).success).toBe(true);
    expect(customerBodySchema.safeParse(body('Mars/Olympus')).success).toBe(false);
  });

  it('books attendees by id or typed, with a birthday not in the future, and a known method', () => {
    const order = (over: Record<string, unknown>) => ({
      order: {
        klass_group_schedule_id: '3',
        plan_id: '4',
        attendees: [{ id: '8' }, { name: 'Aki', birthday: '2018-02-03' }],
        payment_method: 'check',
        ...over,
      },
    });
    const parsed = walkInOrderBodySchema.parse(order({}));
    expect(parsed.order).toMatchObject({ klass_group_schedule_id: 3, plan_id: 4, addon_ids: [] });
    expect(walkInOrderBodySchema.safeParse(order({ attendees: [] })).success).toBe(false);
    expect(
      walkInOrderBodySchema.safeParse(order({ attendees: [{ name: 'A', birthday: '2999-01-01' }] }))
        .success,
    ).toBe(false);
    expect(walkInOrderBodySchema.safeParse(order({ payment_method: 'iou' })).success).toBe(false);
  });

  it('takes an optional coupon code as the cart does: trimmed, blank as none, bounded', () => {
    const order = (coupon_code: unknown) => ({
      order: {
        klass_group_schedule_id: '3',
        plan_id: '4',
        attendees: [{ id: '8' }],
        payment_method: 'cash',
        coupon_code,
      },
    });
    expect(walkInOrderBodySchema.parse(order(' desk5 ')).order.coupon_code).toBe('desk5');
    expect(walkInOrderBodySchema.parse(order('  ')).order.coupon_code).toBeNull();
    expect(walkInOrderBodySchema.parse(order(undefined)).order.coupon_code).toBeNull();
    expect(walkInOrderBodySchema.safeParse(order('x'.repeat(101))).success).toBe(false);
  });

  it('reads the walk-in price query: ids, a count and comma-separated add-ons', () => {
    expect(
      walkInPriceQuerySchema.parse({
        klass_group_schedule_id: '3',
        plan_id: '4',
        number_of_attendees: '2',
        addon_ids: '7,9',
        coupon_code: 'DESK5',
      }),
    ).toEqual({
      klass_group_schedule_id: 3,
      plan_id: 4,
      number_of_attendees: 2,
      addon_ids: [7, 9],
      coupon_code: 'DESK5',
    });
    const bare = { klass_group_schedule_id: '3', plan_id: '4', number_of_attendees: '1' };
    expect(walkInPriceQuerySchema.parse(bare)).toMatchObject({ addon_ids: [], coupon_code: null });
    expect(walkInPriceQuerySchema.safeParse({ ...bare, addon_ids: '7,x' }).success).toBe(false);
    expect(walkInPriceQuerySchema.safeParse({ ...bare, number_of_attendees: '0' }).success).toBe(
      false,
    );
  });
});
