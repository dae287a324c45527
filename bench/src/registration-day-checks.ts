// What the registration-day bench reads from the database after its rush, and how it counts the
// two things that must never happen: a seat sold beyond a schedule's capacity, and money taken
// twice (docs/architecture.md#orders: an account has one payable order at a time). Pure, so the
// counting is tested without a server (registration-day-checks.test.ts).

/** One schedule: its capacity, the seats its paid orders bought and its active enrollments. */
export type ScheduleSeats = {
  scheduleId: number;
  capacity: number;
  paid: number;
  enrolled: number;
};

/** Seats taken past capacity, summed over schedules; paid seats or enrollments, whichever is more. */
export function seatsOversold(schedules: ScheduleSeats[]): number {
  return schedules.reduce((n, s) => n + Math.max(0, Math.max(s.paid, s.enrolled) - s.capacity), 0);
}

/** An order of a bench family, with its succeeded payments and ledger payment entries. */
export type FamilyOrder = {
  userId: number;
  orderId: number;
  status: string;
  succeededPayments: number;
  ledgerPayments: number;
};

export type PaidTwice = {
  /** Families with more than one paid order (each family's cart held one schedule). */
  familiesPaidTwice: number;
  /** Orders with more than one succeeded payment. */
  ordersChargedTwice: number;
  /** Orders with more than one payment entry in the ledger. */
  ordersLedgeredTwice: number;
};

export function paidTwice(orders: FamilyOrder[]): PaidTwice {
  const paidPerFamily = new Map<number, number>();
  for (const o of orders) {
    if (o.status === 'paid') paidPerFamily.set(o.userId, (paidPerFamily.get(o.userId) ?? 0) + 1);
  }
  return {
    familiesPaidTwice: [...paidPerFamily.values()].filter((n) => n > 1).length,
    ordersChargedTwice: orders.filter((o) => o.succeededPayments > 1).length,
    ordersLedgeredTwice: orders.filter((o) => o.ledgerPayments > 1).length,
  };
}

/** The three counts of `paidTwice` together: the bench's target is that this is 0. */
export const paidTwiceTotal = (p: PaidTwice) =>
  p.familiesPaidTwice + p.ordersChargedTwice + p.ordersLedgeredTwice;
