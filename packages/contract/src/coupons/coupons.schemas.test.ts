import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from './coupons.constants';
import { couponFieldsSchema } from './coupons.schemas';

const issues = (input: unknown) =>
  Object.fromEntries(
    (couponFieldsSchema.safeParse(input).error?.issues ?? []).map((i) => [
      i.path.join('.'),
      i.message,
    ]),
  );

describe('couponFieldsSchema', () => {
  it('fills what is left out with null: no window, no limits, for anyone', () => {
    expect(
      couponFieldsSchema.parse({
        code: ' Spring-10 ',
        discount_type: 'fixed',
        discount_amount: 150,
      }),
    ).toEqual({
      code: 'Spring-10',
      discount_type: 'fixed',
      discount_amount: 150,
      valid_from: null,
      valid_until: null,
      max_redemptions: null,
      max_redemptions_per_user: null,
      user_group_id: null,
      klass_group_id: null,
    });
  });

  it('takes codes in any script, but not spaces or punctuation beyond - and _', () => {
    const base = { discount_type: 'percent', discount_amount: 5 };
    expect(couponFieldsSchema.safeParse({ ...base, code: 'はる_10' }).success).toBe(true);
    expect(issues({ ...base, code: 'SPRING 10' })).toEqual({
      code: COUPON_MESSAGES.codeCharacters,
    });
    expect(issues({ ...base, code: 'SPRING.10' })).toEqual({
      code: COUPON_MESSAGES.codeCharacters,
    });
  });

  it('refuses a percentage over 100 on discount_amount, and keeps 100', () => {
    const percent = (discount_amount: number) => ({
      code: 'P',
      discount_type: 'percent',
      discount_amount,
    });
    expect(issues(percent(101))).toEqual({ discount_amount: COUPON_MESSAGES.percentTooHigh });
    expect(couponFieldsSchema.safeParse(percent(100)).success).toBe(true);
  });

  it('refuses a window that ends when or before it starts, on valid_until', () => {
    const window = (valid_from: string, valid_until: string) => ({
      code: 'W',
      discount_type: 'percent',
      discount_amount: 5,
      valid_from,
      valid_until,
    });
    expect(issues(window('2030-03-01T00:00:00-05:00', '2030-03-01T05:00:00Z'))).toEqual({
      valid_until: COUPON_MESSAGES.windowOrder,
    });
    expect(
      couponFieldsSchema.safeParse(window('2030-03-01T00:00:00-05:00', '2030-03-01T05:00:01Z'))
        .success,
    ).toBe(true);
  });
});
