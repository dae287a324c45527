import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemoClasses } from '../classes';
import { seedDemoGuestCustomers } from '../customers';
import { enrollments, seatHolds } from '../enrollments/enrollments.tables';
import { ledgerEntries } from '../ledger/ledger.tables';
import { seedDemoUsers } from '../users';
import { users } from '../users/users.tables';
import { seedDemoOrders } from './orders.seed';
import { orderEvents, orderItems, orders } from './orders.tables';

describe('demo orders', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await seedDemoUsers(db);
    await seedDemoClasses(db);
    await seedDemoGuestCustomers(db);
    // Twice: a second run changes nothing.
    await seedDemoOrders(db);
    await seedDemoOrders(db);
  }, 120_000);
  afterAll(() => t.close());

  it('makes the parent a paid and a pending order and a walk-in a paid one, each once', async () => {
    const db = t.database.db;
    const [parent] = await db.select().from(users).where(eq(users.email, 'parent@atelier.test'));
    const rows = await db.select().from(orders).orderBy(asc(orders.createdAt));
    expect(rows.map((o) => [o.idempotencyKey, o.status])).toEqual([
      ['demo-paid', 'paid'],
      ['demo-walk-in', 'paid'],
      ['demo-pending', 'pending'],
    ]);
    const [paid, walkIn, pending] = rows;
    expect(paid?.userId).toBe(parent?.id);
    expect(pending?.userId).toBe(parent?.id);
    expect(walkIn).toMatchObject({ userId: null });
    expect(walkIn?.guestCustomerId).not.toBeNull();
    expect(pending?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);

    // Paid orders enrolled their attendees; the pending one holds its seat.
    const items = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((o) => o.id),
        ),
      );
    const enrolled = await db
      .select()
      .from(enrollments)
      .where(
        inArray(
          enrollments.orderItemId,
          items.map((i) => i.id),
        ),
      );
    expect(enrolled).toHaveLength(3);
    const holds = await db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.orderId, pending?.id ?? 0));
    expect(holds.map((h) => h.seats)).toEqual([1]);
    expect(paid?.total).toBeGreaterThan(0);

    const history = await db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, paid?.id ?? 0))
      .orderBy(asc(orderEvents.createdAt));
    expect(history.map((e) => e.type)).toEqual(['placed', 'payment_failed', 'paid']);
  });

  it('writes the paid orders’ ledger entries as checkout and the desk do, once: nothing owed', async () => {
    const db = t.database.db;
    const rows = await db.select().from(orders);
    const entries = await db.select().from(ledgerEntries);
    for (const order of rows) {
      const mine = entries.filter((e) => e.orderId === order.id);
      const moved = mine.map((e) => [e.kind, e.amount, e.method]);
      if (order.status !== 'paid') {
        expect(moved).toEqual([]);
        continue;
      }
      const method = order.guestCustomerId === null ? 'card' : 'cash';
      expect(moved).toEqual([
        ['charge', order.total, null],
        ['payment', -order.total, method],
      ]);
      expect(mine.every((e) => e.createdAt.getTime() === order.paidAt?.getTime())).toBe(true);
    }
    const walkIn = rows.find((o) => o.guestCustomerId !== null);
    const history = await db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, walkIn?.id ?? 0))
      .orderBy(asc(orderEvents.id));
    expect(history.map((e) => e.type)).toEqual(['placed', 'paid_offline', 'paid']);
  });
});
