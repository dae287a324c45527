import { describe, expect, it } from 'vitest';
import type { LedgerLine } from '../ledger';
import { paidPerChild } from './statement-model';

const at = new Date('2026-05-01T12:00:00Z');
const line = (over: Partial<LedgerLine>): LedgerLine => ({
  id: 1,
  kind: 'charge',
  amount: 0,
  currency: 'USD',
  method: null,
  description: '',
  orderId: 1,
  orderItemId: null,
  at,
  ...over,
});

describe("a year's paid total per child", () => {
  it('shares each item, after its discount, among the children it booked; odd cents to the first', () => {
    const totals = paidPerChild(
      [
        line({ kind: 'charge', amount: 10001, orderItemId: 1 }),
        line({ kind: 'discount', amount: -1000, orderItemId: 1 }),
        line({ kind: 'charge', amount: 5000, orderItemId: 2 }),
        line({ kind: 'payment', amount: -14001, method: 'card' }),
      ],
      [
        {
          id: 1,
          attendees: [
            { id: 10, name: 'Ann' },
            { id: 11, name: 'Bo' },
          ],
        },
        { id: 2, attendees: [{ id: 11, name: 'Bo' }] },
        // An item of an order the year's entries did not charge counts nothing.
        { id: 3, attendees: [{ id: 12, name: 'Cy' }] },
      ],
    );
    expect(totals).toEqual([
      { attendeeId: 10, name: 'Ann', amount: 4501 },
      { attendeeId: 11, name: 'Bo', amount: 4500 + 5000 },
    ]);
  });

  it('is empty for a year without charges', () => {
    expect(paidPerChild([line({ kind: 'credit', amount: -500 })], [])).toEqual([]);
  });
});
