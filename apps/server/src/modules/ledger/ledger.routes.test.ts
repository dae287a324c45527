import {
  CUSTOMERS_API,
  guestCustomerDetailSchema,
  LEDGER_API,
  type LedgerDocument,
  ledgerDocumentSchema,
  ledgerEntryDocumentSchema,
  parseDocument,
  REFUNDS_API,
  walkInOrderDocumentSchema,
} from '@atelier/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, type Person, programmeWithSchedule } from '../classes/classes-testing';
import { deskContact } from '../customers/customers-testing';
import { paidOrder } from '../refunds/refunds-testing';
import { ledgerEntries } from './ledger.tables';

const withoutId = <T extends { id: number }>({ id: _id, ...rest }: T) => rest;

describe('ledger API', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  let schedule: { scheduleId: string; planId: string };

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    schedule = await programmeWithSchedule(t, c);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  const call = (who: Person, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });
  const ledgerOf = async (who: Person, url: string): Promise<LedgerDocument> => {
    const res = await call(who, 'GET', url);
    expect(res.statusCode).toBe(200);
    return ledgerDocumentSchema.parse(res.json());
  };
  const kinds = (doc: LedgerDocument) =>
    doc.data.map((e) => [e.attributes.kind, e.attributes.amount, e.attributes.method]);

  it('shows a family its card order: a charge at list price and the payment, balance 0', async () => {
    const { buyer, orderId, total } = await paidOrder(t, c, schedule);
    const doc = await ledgerOf(buyer, LEDGER_API.accountLedger);
    expect(doc.meta).toMatchObject({ balance: 0, currency: t.config.currency, total: 2, page: 1 });
    // Newest first; both written at the instant the order became paid, the charge first.
    expect(kinds(doc)).toEqual([
      ['payment', -total, 'card'],
      ['charge', total, null],
    ]);
    const [payment, charge] = doc.data;
    expect(charge?.attributes).toMatchObject({
      order_id: orderId,
      created_by: { id: String(buyer.id) },
    });
    expect(charge?.attributes.order_item_id).not.toBeNull();
    expect(charge?.attributes.description).toMatch(/× 2$/);
    expect(payment?.attributes.payment_id).not.toBeNull();
    // Another family sees none of it.
    expect((await ledgerOf(c.student, LEDGER_API.accountLedger)).data).toEqual([]);
  });

  it('a refund writes a credit and the money back: the balance stays, paid − refunded drops', async () => {
    const { buyer, orderId, total } = await paidOrder(t, c, schedule);
    const refund = await call(c.admin, 'POST', REFUNDS_API.adminOrderRefunds(orderId), {
      amount: 1500,
      reason: 'Missed two classes',
    });
    expect(refund.statusCode).toBe(201);
    const doc = await ledgerOf(buyer, LEDGER_API.accountLedger);
    expect(doc.meta.balance).toBe(0);
    expect(kinds(doc).slice(0, 2).sort()).toEqual([
      ['credit', -1500, null],
      ['refund', 1500, 'card'],
    ]);
    const ofOrder = doc.data.filter((e) => e.attributes.order_id === orderId);
    const money = ofOrder
      .filter((e) => e.attributes.kind === 'payment' || e.attributes.kind === 'refund')
      .reduce((s, e) => s + e.attributes.amount, 0);
    expect(-money).toBe(total - 1500);
    const credit = doc.data.find((e) => e.attributes.kind === 'credit');
    expect(credit?.attributes).toMatchObject({
      description: 'Missed two classes',
      refund_id: refund.json().data.id,
      created_by: { id: String(c.admin.id) },
    });
  });

  it('shows staff a walk-in’s ledger: paid in cash at the desk by the staff member', async () => {
    const created = await call(c.admin, 'POST', CUSTOMERS_API.guestCustomers, {
      guest_customer: { name: 'Lee Ledger', phone: '555-0199' },
    });
    const guest = parseDocument(guestCustomerDetailSchema, created.json());
    const booked = await call(c.admin, 'POST', CUSTOMERS_API.guestCustomerOrders(guest.id), {
      order: {
        klass_group_schedule_id: schedule.scheduleId,
        plan_id: schedule.planId,
        attendees: [{ name: 'Kit Ledger', birthday: '2016-05-01', emergency_contact: deskContact }],
        payment_method: 'check',
      },
    });
    expect(booked.statusCode).toBe(201);
    const order = walkInOrderDocumentSchema.parse(booked.json()).data;
    const doc = await ledgerOf(c.admin, LEDGER_API.guestCustomerLedger(guest.id));
    expect(doc.meta.balance).toBe(0);
    expect(kinds(doc)).toEqual([
      ['payment', -order.attributes.total, 'check'],
      ['charge', order.attributes.total, null],
    ]);
    expect(doc.data[0]?.attributes.created_by).toMatchObject({ id: String(c.admin.id) });
    expect((await call(c.admin, 'GET', LEDGER_API.guestCustomerLedger(999999))).statusCode).toBe(
      404,
    );
  });

  it('staff add a credit and a charge with a reason; the balance follows; 422 names the field', async () => {
    const { buyer } = await paidOrder(t, c, schedule);
    const credit = await call(c.admin, 'POST', LEDGER_API.customerLedger(buyer.id), {
      kind: 'credit',
      amount: 2500,
      reason: 'Goodwill for the cancelled class',
    });
    expect(credit.statusCode).toBe(201);
    const written = ledgerEntryDocumentSchema.parse(credit.json());
    expect(written.data.attributes).toMatchObject({
      kind: 'credit',
      amount: -2500,
      method: null,
      description: 'Goodwill for the cancelled class',
      order_id: null,
      created_by: { id: String(c.admin.id) },
    });
    expect(written.meta).toEqual({ balance: -2500, currency: t.config.currency });
    const charge = await call(c.admin, 'POST', LEDGER_API.customerLedger(buyer.id), {
      kind: 'charge',
      amount: 700,
      reason: 'Materials fee',
    });
    expect(ledgerEntryDocumentSchema.parse(charge.json()).meta.balance).toBe(-1800);
    const staffView = await ledgerOf(c.admin, LEDGER_API.customerLedger(buyer.id));
    const ownView = await ledgerOf(buyer, LEDGER_API.accountLedger);
    expect(staffView).toEqual(ownView);
    expect(ownView.meta.balance).toBe(-1800);
    expect(kinds(ownView).slice(0, 2)).toEqual([
      ['charge', 700, null],
      ['credit', -2500, null],
    ]);

    for (const [body, field] of [
      [{ kind: 'payment', amount: 100, reason: 'x' }, 'kind'],
      [{ kind: 'credit', amount: 0, reason: 'x' }, 'amount'],
      [{ kind: 'credit', amount: 1.5, reason: 'x' }, 'amount'],
      [{ kind: 'credit', amount: 100, reason: '  ' }, 'reason'],
      [{ kind: 'credit', amount: 100 }, 'reason'],
    ] as const) {
      const res = await call(c.admin, 'POST', LEDGER_API.customerLedger(buyer.id), body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.map((e: { meta?: { field?: string } }) => e.meta?.field)).toContain(
        field,
      );
    }
    expect((await ledgerOf(buyer, LEDGER_API.accountLedger)).meta.balance).toBe(-1800);
  });

  it('is the family’s own or staff’s: 401 signed out, 403 for others, 404 for a non-customer', async () => {
    expect((await t.app.inject({ method: 'GET', url: LEDGER_API.accountLedger })).statusCode).toBe(
      401,
    );
    for (const url of [LEDGER_API.customerLedger(c.parent.id), LEDGER_API.guestCustomerLedger(1)]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await call(c.teacher, 'GET', url)).statusCode).toBe(403);
      expect((await call(c.student, 'GET', url)).statusCode).toBe(403);
    }
    const post = { kind: 'credit', amount: 100, reason: 'x' };
    expect(
      (await call(c.student, 'POST', LEDGER_API.customerLedger(c.student.id), post)).statusCode,
    ).toBe(403);
    expect((await call(c.admin, 'GET', LEDGER_API.customerLedger(c.teacher.id))).statusCode).toBe(
      404,
    );
    expect(
      (await call(c.admin, 'POST', LEDGER_API.customerLedger(c.teacher.id), post)).statusCode,
    ).toBe(404);
  });

  it('pages newest first, 20 a page, with the whole ledger’s balance on every page', async () => {
    const { buyer } = await paidOrder(t, c, schedule);
    for (let i = 1; i <= 21; i += 1) {
      const res = await call(c.admin, 'POST', LEDGER_API.customerLedger(buyer.id), {
        kind: 'charge',
        amount: i,
        reason: `Fee ${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const first = await ledgerOf(buyer, `${LEDGER_API.accountLedger}?page=1`);
    const second = await ledgerOf(buyer, `${LEDGER_API.accountLedger}?page=2`);
    expect(first.data).toHaveLength(20);
    expect(first.data[0]?.attributes.description).toBe('Fee 21');
    expect(second.data.map((e) => e.attributes.kind)).toEqual(['charge', 'payment', 'charge']);
    expect(first.meta).toMatchObject({ total: 23, balance: 231 });
    expect(second.meta).toMatchObject({ total: 23, balance: 231, page: 2 });
  });

  it('refuses to change, remove or empty an entry, in the database itself', async () => {
    const db = t.database.db;
    const [entry] = await db.select().from(ledgerEntries).limit(1);
    if (!entry) throw new Error('no entry to try');
    await expect(
      db.update(ledgerEntries).set({ amount: 1 }).where(eq(ledgerEntries.id, entry.id)),
    ).rejects.toThrow();
    await expect(db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate ledger_entries`)).rejects.toThrow();
    const [still] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, entry.id));
    expect(still).toEqual(entry);
    // A kind's sign is the database's rule too.
    await expect(
      db.insert(ledgerEntries).values({ ...withoutId(entry), kind: 'payment', amount: 5 }),
    ).rejects.toThrow();
  });
});
