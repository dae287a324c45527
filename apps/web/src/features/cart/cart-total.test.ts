import { describe, expect, it } from 'vitest';
import { buildCartItem } from '../../testing/builders';
import { payablePrice, payableTotal } from './cart-total';

describe('payableTotal (decision 028)', () => {
  it('counts an item that can no longer be bought as 0, and gives it no price', () => {
    const fresh = buildCartItem({ id: '1', total_price: 5000, available: true });
    const stale = buildCartItem({
      id: '2',
      total_price: 3000,
      available: false,
      unavailable_reason: 'over',
    });
    expect(payablePrice(fresh)).toBe(5000);
    expect(payablePrice(stale)).toBeNull();
    expect(payableTotal([fresh, stale])).toBe(5000);
    expect(payableTotal([])).toBe(0);
  });
});
