import { describe, expect, it } from 'vitest';
import type { SchoolFacts } from '../../config';
import type { LedgerLine } from '../ledger';
import { type ReceiptOrder, receiptOf } from './receipt-model';

const school: SchoolFacts = {
  name: 'Blue Door Art School',
  addressLines: ['1 Main St', 'Springfield'],
  taxId: 'EIN 12-3456789',
  timeZone: 'America/New_York',
};

const at = new Date('2026-03-02T15:00:00Z');

const comics: ReceiptOrder['items'][number] = {
  programme: 'Comics Drawing',
  schedule: 'Spring',
  startDate: '2026-04-01',
  endDate: '2026-06-30',
  attendees: ['Mia'],
  subtotal: 30100,
  discount: 3010,
  total: 27090,
  couponCode: 'SPRING10',
};

const order = (over: Partial<ReceiptOrder> = {}): ReceiptOrder => ({
  id: 7,
  status: 'paid',
  currency: 'USD',
  subtotal: 30100,
  discount: 3010,
  total: 27090,
  creditApplied: 0,
  createdAt: at,
  paidAt: at,
  items: [
    {
      programme: 'Comics Drawing',
      schedule: 'Spring',
      startDate: '2026-04-01',
      endDate: '2026-06-30',
      attendees: ['Mia'],
      subtotal: 30100,
      discount: 3010,
      total: 27090,
      couponCode: 'SPRING10',
    },
  ],
  ...over,
});

let id = 0;
const line = (over: Partial<LedgerLine>): LedgerLine => {
  id += 1;
  return {
    id,
    kind: 'charge',
    amount: 0,
    currency: 'USD',
    method: null,
    description: '',
    orderId: 7,
    orderItemId: null,
    at,
    ...over,
  };
};

describe('a receipt', () => {
  it('shows the list price, each coupon discount and the total of a card order, with its card', () => {
    const r = receiptOf(
      school,
      order(),
      [line({ kind: 'payment', amount: -27090, method: 'card' })],
      {
        brand: 'visa',
        last4: '4242',
      },
    );
    expect(r.subtotal).toBe(30100);
    expect(r.discounts).toEqual([{ code: 'SPRING10', amount: 3010 }]);
    expect(r.total).toBe(27090);
    expect(r.payments).toEqual([
      { method: 'card', amount: 27090, card: { brand: 'visa', last4: '4242' } },
    ]);
    expect(r.refunds).toEqual([]);
    expect(r.netPaid).toBe(27090);
    expect(r.school).toBe(school);
  });

  it('says cash for a walk-in paid at the desk, with no card', () => {
    const r = receiptOf(
      school,
      order({
        discount: 0,
        total: 30100,
        items: [{ ...comics, discount: 0, couponCode: null, total: 30100 }],
      }),
      [line({ kind: 'payment', amount: -30100, method: 'cash' })],
      null,
    );
    expect(r.discounts).toEqual([]);
    expect(r.payments).toEqual([{ method: 'cash', amount: 30100, card: null }]);
  });

  it('shows account credit spent at checkout beside the card that paid the rest', () => {
    const r = receiptOf(
      school,
      order({ creditApplied: 5000 }),
      [line({ kind: 'payment', amount: -22090, method: 'card' })],
      { brand: 'mastercard', last4: '4444' },
    );
    expect(r.payments).toEqual([
      { method: 'card', amount: 22090, card: { brand: 'mastercard', last4: '4444' } },
      { method: 'account_credit', amount: 5000, card: null },
    ]);
  });

  it('does not count credit twice when the ledger already has its payment', () => {
    const r = receiptOf(
      school,
      order({ creditApplied: 27090 }),
      [line({ kind: 'payment', amount: -27090, method: 'account_credit' })],
      null,
    );
    expect(r.payments).toEqual([{ method: 'account_credit', amount: 27090, card: null }]);
  });

  it('lists each refund with its amount, date and method, and what was paid after them', () => {
    const later = new Date('2026-04-10T12:00:00Z');
    const r = receiptOf(
      school,
      order({ status: 'partially_refunded' }),
      [
        line({ kind: 'payment', amount: -27090, method: 'card' }),
        line({ kind: 'credit', amount: -1500 }),
        line({ kind: 'refund', amount: 1500, method: 'card', at: later }),
        line({ kind: 'refund', amount: 2000, method: 'check', at: later }),
      ],
      null,
    );
    expect(r.refunds).toEqual([
      { amount: 1500, at: later, method: 'card' },
      { amount: 2000, at: later, method: 'check' },
    ]);
    expect(r.netPaid).toBe(27090 - 3500);
    // Without the card's details the payment still says card.
    expect(r.payments).toEqual([{ method: 'card', amount: 27090, card: null }]);
  });

  it('adds a discount on the order as a whole when the items do not account for it all', () => {
    const r = receiptOf(school, order({ discount: 4010, total: 26090 }), [], null);
    expect(r.discounts).toEqual([
      { code: 'SPRING10', amount: 3010 },
      { code: null, amount: 1000 },
    ]);
    expect(r.payments).toEqual([]);
  });
});
