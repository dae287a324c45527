import { STORAGE_KEYS } from '@atelier/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  asksToAutoSubmit,
  CHECKOUT_RESUME_PATH,
  saveOrderForLater,
  takeSavedOrder,
} from './checkout-storage';

afterEach(() => localStorage.clear());

const saved = {
  items: [{ klass_group_schedule_id: '31', number_of_attendees: 1 }],
  total: 12000,
};

describe("a guest's order resumed after sign-in (docs/product.md#checkout-and-orders)", () => {
  it('comes back to checkout asking it to submit, with auto_submit=1', () => {
    expect(CHECKOUT_RESUME_PATH).toBe('/checkout?auto_submit=1');
  });

  it("reads auto_submit as on only for the string '1'", () => {
    expect(asksToAutoSubmit(new URLSearchParams(''))).toBe(false);
    expect(asksToAutoSubmit(new URLSearchParams('auto_submit=1'))).toBe(true);
    expect(asksToAutoSubmit(new URLSearchParams('order=5&auto_submit=1'))).toBe(true);
    expect(asksToAutoSubmit(new URLSearchParams('auto_submit=true'))).toBe(false);
    expect(asksToAutoSubmit(new URLSearchParams('auto_submit=0'))).toBe(false);
  });

  it("keeps the order under 'order_params' and gives it to the first taker only", () => {
    saveOrderForLater(saved);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.orderParams) ?? 'null')).toEqual(saved);
    expect(localStorage.getItem('auto_submit')).toBeNull();
    expect(takeSavedOrder()).toEqual(saved);
    expect(localStorage.getItem(STORAGE_KEYS.orderParams)).toBeNull();
    expect(takeSavedOrder()).toBeNull();
  });

  it('takes an unreadable saved order as none, and removes it', () => {
    localStorage.setItem(STORAGE_KEYS.orderParams, JSON.stringify({ items: [{ id: 1 }] }));
    expect(takeSavedOrder()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.orderParams)).toBeNull();
  });
});
