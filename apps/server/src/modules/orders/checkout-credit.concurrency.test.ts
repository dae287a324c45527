import { LEDGER_API, ledgerDocumentSchema, ORDERS_API } from '@atelier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addAttendee, addToCart, SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import {
  as,
  type Cast,
  type Person,
  person,
  programmeWithSchedule,
} from '../classes/classes-testing';
import { ledgerEntries } from '../ledger/ledger.tables';
import { orders } from './orders.tables';
import { fakePayments } from './orders-testing';

// Account credit is spent once whatever the tabs (docs/decisions/064-account-credit-at-checkout.md),
// on PGlite and on PostgreSQL (the server-pg project runs this file again against DATABASE_URL).

describe('account credit at checkout under concurrency', { timeout: 180_000 }, () => {
  let t: TestApp;
  let c: Cast;
  const payments = fakePayments();
  let schedule: { scheduleId: string; planId: string };

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
    schedule = await programmeWithSchedule(t, c, { schedule: { capacity: 100 } });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  async function familyWithCredit(name: string, credit: number): Promise<Person> {
    const buyer = await person(t, 'student', name);
    const kid = await addAttendee(t, buyer.id, `${name} Kid`);
    await addToCart(t, buyer.id, { ...schedule, attendeeIds: [kid] });
    const res = await t.app.inject({
      method: 'POST',
      url: LEDGER_API.customerLedger(buyer.id),
      headers: as(c.admin),
      payload: { kind: 'credit', amount: credit, reason: 'Goodwill' },
    });
    expect(res.statusCode).toBe(201);
    return buyer;
  }
  const checkout = (who: Person, key: string) =>
    t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(who), 'idempotency-key': key },
    });
  const spent = async (userId: number) => {
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'credit_applied')));
    return rows.map((r) => r.amount);
  };

  it('credit covering it all, 5 tabs with different keys: one order, paid once, credit spent once; later tabs 422', async () => {
    const buyer = await familyWithCredit('Tabs Full', 1_000_000);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => checkout(buyer, `tab-full-${n}`)));
    // A tab that comes after the order was paid finds its child enrolled, or the cart emptied.
    const made201 = answers.filter((r) => r.statusCode === 201);
    expect(made201.length).toBeGreaterThan(0);
    for (const r of answers.filter((a) => a.statusCode !== 201)) {
      expect(r.statusCode).toBe(422);
      expect(r.json().errors[0].detail).toMatch(/already enrolled|cart is empty/);
    }
    const ids = new Set(made201.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    const made = await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(made.map((o) => o.status)).toEqual(['paid']);
    const total = made[0]?.total ?? 0;
    expect(await spent(buyer.id)).toEqual([total]);
    const doc = ledgerDocumentSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: LEDGER_API.accountLedger, headers: as(buyer) })
      ).json(),
    );
    expect(doc.meta.balance).toBe(total - 1_000_000);
  });

  it('credit covering part, 5 tabs with different keys: one pending order holds the credit; paid, spent once', async () => {
    const buyer = await familyWithCredit('Tabs Part', 300);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => checkout(buyer, `tab-part-${n}`)));
    for (const r of answers) expect(r.statusCode).toBe(201);
    expect(new Set(answers.map((r) => r.json().data.id)).size).toBe(1);
    const id = answers[0]?.json().data.id as string;
    await Promise.all([payments.emit('succeeded', id), payments.emit('succeeded', id)]);
    const made = await t.database.db
      .select()
      .from(orders)
      .where(inArray(orders.userId, [buyer.id]));
    expect(made.map((o) => [o.status, o.creditApplied])).toEqual([['paid', 300]]);
    expect(await spent(buyer.id)).toEqual([300]);
  });
});
