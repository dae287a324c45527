import { describe, expect, it } from 'vitest';
import {
  entryRowOf,
  orderPaidEntries,
  paymentEntries,
  refundEntries,
  returnedPaymentEntries,
} from './ledger-entries';

const at = new Date('2026-05-01T15:00:00Z');
const order = {
  id: 7,
  userId: 3,
  guestCustomerId: null,
  currency: 'USD',
  total: 9900,
  items: [
    { id: 1, subtotal: 8000, discount: 800, couponCode: 'TENOFF', description: 'Drawing × 2' },
    { id: 2, subtotal: 2700, discount: 0, couponCode: null, description: 'Comics × 1' },
  ],
};
const moves = (entries: { kind: string; amount: number }[]) =>
  entries.map((e) => [e.kind, e.amount]);

describe('what a money move writes', () => {
  it('an order paid: a charge per item at list price, its discount, the payment; nets to zero', () => {
    const entries = orderPaidEntries(order, { method: 'card', createdById: 3, paymentId: 5, at });
    expect(moves(entries)).toEqual([
      ['charge', 8000],
      ['discount', -800],
      ['charge', 2700],
      ['payment', -9900],
    ]);
    expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(0);
    expect(entries.at(-1)).toMatchObject({ method: 'card', paymentId: 5, orderId: 7 });
    expect(entries[1]).toMatchObject({ orderItemId: 1, description: 'TENOFF' });
  });

  it('says by how much an order’s total differs from its items, and takes no payment of 0', () => {
    const odd = { ...order, total: 9000 };
    expect(moves(orderPaidEntries(odd, { method: 'cash', createdById: 1, at })).slice(3)).toEqual([
      ['discount', -900],
      ['payment', -9000],
    ]);
    const free = {
      ...order,
      total: 0,
      items: [{ id: 1, subtotal: 500, discount: 500, couponCode: 'ALL', description: 'x' }],
    };
    expect(moves(orderPaidEntries(free, { method: 'card', createdById: 1, at }))).toEqual([
      ['charge', 500],
      ['discount', -500],
    ]);
  });

  it('an order paid partly from account credit: the card pays the rest, the credit is spent once', () => {
    const entries = orderPaidEntries(
      { ...order, creditApplied: 4000 },
      { method: 'card', createdById: 3, paymentId: 5, at },
    );
    expect(moves(entries)).toEqual([
      ['charge', 8000],
      ['discount', -800],
      ['charge', 2700],
      ['payment', -5900],
      ['payment', -4000],
      ['credit_applied', 4000],
    ]);
    expect(entries.slice(3).map((e) => [e.method ?? null, e.paymentId ?? null])).toEqual([
      ['card', 5],
      ['account_credit', null],
      [null, null],
    ]);
    // The order's payments are its total; the balance rises by the credit spent.
    const sum = (kinds: string[]) =>
      entries.filter((e) => kinds.includes(e.kind)).reduce((s, e) => s + e.amount, 0);
    expect(sum(['payment'])).toBe(-9900);
    expect(sum(['charge', 'discount', 'payment', 'credit_applied'])).toBe(4000);
    for (const e of entries) expect(() => entryRowOf(e)).not.toThrow();
  });

  it('an order paid from account credit alone takes no card payment', () => {
    const entries = orderPaidEntries(
      { ...order, creditApplied: 9900 },
      { method: 'card', createdById: 3, at },
    );
    expect(moves(entries).slice(3)).toEqual([
      ['payment', -9900],
      ['credit_applied', 9900],
    ]);
    expect(entries[3]).toMatchObject({ method: 'account_credit' });
  });

  it('a refund: a credit off the charges and the money back, so the balance does not move', () => {
    const entries = refundEntries(order, {
      id: 4,
      amount: 1200,
      reason: 'Moved',
      method: 'card',
      createdById: 9,
      at,
    });
    expect(moves(entries)).toEqual([
      ['credit', -1200],
      ['refund', 1200],
    ]);
    expect(entries.every((e) => e.refundId === 4 && e.createdById === 9)).toBe(true);
  });

  it('a late payment returned: the payment alone, then the refund alone, so the balance ends at 0', () => {
    const paid = paymentEntries(order, { method: 'card', createdById: 3, paymentId: 5, at });
    const returned = returnedPaymentEntries(order, { id: 6, amount: 9900, createdById: null, at });
    expect(moves([...paid, ...returned])).toEqual([
      ['payment', -9900],
      ['refund', 9900],
    ]);
    expect([...paid, ...returned].reduce((s, e) => s + e.amount, 0)).toBe(0);
    expect(returned[0]).toMatchObject({ method: 'card', refundId: 6, orderId: 7 });
  });

  it('refuses an amount whose sign is not its kind’s', () => {
    const owner = { userId: 1, guestCustomerId: null };
    expect(() => entryRowOf({ owner, kind: 'payment', amount: 100, currency: 'USD', at })).toThrow(
      /wrong sign/,
    );
    expect(() => entryRowOf({ owner, kind: 'charge', amount: 0, currency: 'USD', at })).toThrow();
    expect(entryRowOf({ owner, kind: 'credit', amount: -100, currency: 'USD', at })).toMatchObject({
      userId: 1,
      amount: -100,
      method: null,
    });
  });
});
