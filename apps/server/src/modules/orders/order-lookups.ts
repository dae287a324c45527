import type { Db } from '../../db/client';
import {
  attendeesOfOrder,
  lockOrder,
  type OrderAttendeeRow,
  type OrderRow,
  orderById,
  updateOrder,
} from './orders.repository';

// An order's rows as the modules above orders (refunds) read and change them: only this module
// touches its tables (docs/architecture.md#repository-layout-and-layers). Each takes the caller's
// transaction where it runs in one.

export type { OrderAttendeeRow };

/** One order, whoever's it is. */
export function findOrder(db: Db, orderId: number): Promise<OrderRow | undefined> {
  return orderById(db, orderId);
}

/**
 * One order, locked `FOR UPDATE` until the caller's transaction ends: every refund of an order is
 * decided under this lock, so their sum is checked against what was paid one at a time.
 */
export function lockOrderRow(db: Db, orderId: number): Promise<OrderRow | undefined> {
  return lockOrder(db, orderId);
}

/** Every attendee the order's items booked, with each item's total and attendee count. */
export function orderAttendees(db: Db, orderId: number): Promise<OrderAttendeeRow[]> {
  return attendeesOfOrder(db, orderId);
}

/** A refund settled: the order is now refunded in full or in part. */
export function setOrderRefunded(
  db: Db,
  orderId: number,
  status: 'refunded' | 'partially_refunded',
): Promise<void> {
  return updateOrder(db, orderId, { status });
}
