import { describe, expect, it } from 'vitest';
import { orderAttributesSchema } from './orders.schemas';

const attributes = {
  status: 'pending',
  currency: 'USD',
  subtotal: 12000,
  discount: 0,
  total: 12000,
  credit_applied: 2000,
  amount_due: 10000,
  created_at: '2026-11-24T00:30:00.000Z',
  expires_at: '2026-11-24T00:45:00.000Z',
  paid_at: null,
  payment_error: null,
  items: [],
  payment: null,
};

describe('an order’s attributes', () => {
  it('say how much account credit pays and what is left for the card', () => {
    expect(orderAttributesSchema.parse(attributes)).toMatchObject({
      credit_applied: 2000,
      amount_due: 10000,
    });
  });

  it('refuse a missing, negative or fractional credit or amount due', () => {
    const { credit_applied: _c, ...noCredit } = attributes;
    const { amount_due: _a, ...noDue } = attributes;
    for (const bad of [
      noCredit,
      noDue,
      { ...attributes, credit_applied: -1 },
      { ...attributes, amount_due: -1 },
      { ...attributes, credit_applied: 1.5 },
    ]) {
      expect(orderAttributesSchema.safeParse(bad).success).toBe(false);
    }
  });
});
