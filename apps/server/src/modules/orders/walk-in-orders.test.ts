import { CUSTOMERS_API, walkInOrderDocumentSchema } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, programmeWithSchedule } from '../classes/classes-testing';
import { deskContact, newWalkIn } from '../customers/customers-testing';
import { enrollments, seatHolds } from '../enrollments/enrollments.tables';
import { orders } from './orders.tables';
import { fakePayments } from './orders-testing';

describe('walk-in orders', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  const payments = fakePayments();
  let last: { scheduleId: string; planId: string };

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
    last = await programmeWithSchedule(t, c, { schedule: { capacity: 1 } });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const guest = (name: string) => newWalkIn(t, c.admin, name);

  it('gives the last seat to one of two walk-ins booked at once; the other hears sold_out and gets no order', async () => {
    const [a, b] = [await guest('Ann At-once'), await guest('Bea At-once')];
    const book = (id: string, method: string) =>
      t.app.inject({
        method: 'POST',
        url: CUSTOMERS_API.guestCustomerOrders(id),
        headers: as(c.admin),
        payload: {
          order: {
            klass_group_schedule_id: last.scheduleId,
            plan_id: last.planId,
            attendees: [{ name: `Kid of ${id}`, emergency_contact: deskContact }],
            payment_method: method,
          },
        },
      });
    const answers = await Promise.all([book(a, 'card'), book(b, 'check')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const won = answers.find((r) => r.statusCode === 201);
    const order = walkInOrderDocumentSchema.parse(won?.json()).data;
    const rows = await t.database.db.select().from(orders);
    expect(rows.map((r) => r.id)).toEqual([Number(order.id)]);
    // Held (card) or enrolled (check): one seat taken either way, and never two.
    const holds = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.scheduleId, Number(last.scheduleId)));
    const enrolled = await t.database.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.scheduleId, Number(last.scheduleId)));
    expect(holds.length + enrolled.length).toBe(1);
  });
});
