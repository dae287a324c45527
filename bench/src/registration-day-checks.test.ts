import { describe, expect, it } from 'vitest';
import { paidTwice, paidTwiceTotal, seatsOversold } from './registration-day-checks';

describe('seatsOversold', () => {
  it('counts seats past capacity from paid seats or enrollments, whichever is more', () => {
    expect(
      seatsOversold([
        { scheduleId: 1, capacity: 30, paid: 30, enrolled: 30 },
        { scheduleId: 2, capacity: 30, paid: 32, enrolled: 31 },
        { scheduleId: 3, capacity: 10, paid: 9, enrolled: 12 },
        { scheduleId: 4, capacity: 60, paid: 50, enrolled: 50 },
      ]),
    ).toBe(4);
  });

  it('is 0 when every schedule is within its capacity', () => {
    expect(seatsOversold([{ scheduleId: 1, capacity: 5, paid: 5, enrolled: 4 }])).toBe(0);
  });
});

describe('paidTwice', () => {
  const order = (userId: number, orderId: number, status = 'paid', payments = 1, ledger = 1) => ({
    userId,
    orderId,
    status,
    succeededPayments: payments,
    ledgerPayments: ledger,
  });

  it('finds nothing when each family has one paid order with one payment', () => {
    const result = paidTwice([order(1, 1), order(2, 2), order(3, 3, 'cancelled', 0, 0)]);
    expect(result).toEqual({ familiesPaidTwice: 0, ordersChargedTwice: 0, ordersLedgeredTwice: 0 });
    expect(paidTwiceTotal(result)).toBe(0);
  });

  it('counts a family with two paid orders once, whatever its other orders', () => {
    const result = paidTwice([order(1, 1), order(1, 2), order(1, 3, 'expired', 0, 0), order(2, 4)]);
    expect(result.familiesPaidTwice).toBe(1);
    expect(paidTwiceTotal(result)).toBe(1);
  });

  it('counts an order charged twice and an order with two ledger payments', () => {
    const result = paidTwice([order(1, 1, 'paid', 2, 1), order(2, 2, 'paid', 1, 2)]);
    expect(result).toEqual({ familiesPaidTwice: 0, ordersChargedTwice: 1, ordersLedgeredTwice: 1 });
    expect(paidTwiceTotal(result)).toBe(2);
  });
});
