import {
  CUSTOMERS_API,
  guestCustomerDetailSchema,
  LEDGER_API,
  ORDERS_API,
  parseDocument,
  REFUNDS_API,
  receiptDocumentSchema,
  walkInOrderDocumentSchema,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { pdfCanWrite, pdfContents } from '../../testing/pdf-contents';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, type Person, programmeWithSchedule } from '../classes/classes-testing';
import { deskContact } from '../customers/customers-testing';
import { payments } from '../payments/payments.tables';
import { paidOrder } from '../refunds/refunds-testing';
import { userById } from '../users';
import { setTestUserLocale } from '../users/users-testing';
import { type ReceiptsContext, statementOfYear } from './receipts.service';

// A receipt a few kilobytes: the embedded Japanese font is cut to the glyphs used. The whole
// font is 5 MB, so a PDF that embedded all of it would fail this by far.
const MAX_PDF_BYTES = 200_000;

describe('receipt and statement PDFs', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  let schedule: { scheduleId: string; planId: string };
  // A second class: each paid order takes two of a class's seats.
  let another: { scheduleId: string; planId: string };
  let third: { scheduleId: string; planId: string };

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    schedule = await programmeWithSchedule(t, c);
    another = await programmeWithSchedule(t, c);
    third = await programmeWithSchedule(t, c);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  const get = (who: Person | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? as(who) : {} });

  it('gives a family its paid order’s receipt as a PDF to save, with the card that paid it', async () => {
    const { buyer, orderId } = await paidOrder(t, c, schedule);
    const res = await get(buyer, ORDERS_API.orderReceiptPdf(orderId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${orderId}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(MAX_PDF_BYTES);
    for (const text of [
      `Receipt for order #${orderId}`,
      t.config.school.name,
      ...t.config.school.addressLines,
      'Subtotal',
      'Total',
      'Visa ending in 4242',
    ]) {
      expect(pdfCanWrite(bytes, text), text).toBe(true);
    }
    // The fake provider's paid event named the card, and the payment kept it for the receipt.
    const rows = await t.database.db
      .select({ brand: payments.cardBrand, last4: payments.cardLast4 })
      .from(payments)
      .where(eq(payments.orderId, Number(orderId)));
    expect(rows).toEqual([{ brand: 'visa', last4: '4242' }]);
  });

  it('answers the same receipt as JSON for the HTML receipt: list price, coupon, total, card, refunds', async () => {
    const { buyer, orderId, total } = await paidOrder(t, c, another);
    const res = await get(buyer, ORDERS_API.orderReceipt(orderId));
    expect(res.statusCode).toBe(200);
    const receipt = receiptDocumentSchema.parse(res.json()).data.attributes;
    expect(receipt).toMatchObject({
      order_id: orderId,
      status: 'paid',
      subtotal: total,
      discounts: [],
      total,
      payments: [{ method: 'card', amount: total, card: { brand: 'visa', last4: '4242' } }],
      refunds: [],
      net_paid: total,
      school: {
        name: t.config.school.name,
        address_lines: t.config.school.addressLines,
        time_zone: 'America/New_York',
      },
    });
    expect(receipt.items[0]?.attendees).toHaveLength(2);
    expect((await get(c.student, ORDERS_API.orderReceipt(orderId))).statusCode).toBe(404);
  });

  it('mails the paid order with the same lines: subtotal, total, the card, the school', async () => {
    const { buyer, total } = await paidOrder(t, c, another);
    const email = (await userById(t.database.db, buyer.id))?.email ?? '';
    const mail = await latestMail(t.app, email, 'order_receipt');
    const money = `$${(total / 100).toFixed(2)}`;
    expect(mail?.text).toContain(`Subtotal: ${money}`);
    expect(mail?.text).toContain(`Paid by: Visa ending in 4242 (${money})`);
    expect(mail?.text).toContain(`Issued by: ${t.config.school.name}`);
  });

  it('says cash for a walk-in paid at the desk, whose receipt staff can have', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: CUSTOMERS_API.guestCustomers,
      headers: as(c.admin),
      payload: { guest_customer: { name: 'Wes Walk-in', phone: '555-0142' } },
    });
    const guest = parseDocument(guestCustomerDetailSchema, created.json());
    const booked = await t.app.inject({
      method: 'POST',
      url: CUSTOMERS_API.guestCustomerOrders(guest.id),
      headers: as(c.admin),
      payload: {
        order: {
          klass_group_schedule_id: third.scheduleId,
          plan_id: third.planId,
          attendees: [
            { name: 'Wren Walk-in', birthday: '2016-05-01', emergency_contact: deskContact },
          ],
          payment_method: 'cash',
        },
      },
    });
    expect(booked.statusCode).toBe(201);
    const order = walkInOrderDocumentSchema.parse(booked.json()).data;
    const res = await get(c.admin, ORDERS_API.orderReceipt(order.id));
    expect(res.statusCode).toBe(200);
    const receipt = receiptDocumentSchema.parse(res.json()).data.attributes;
    expect(receipt.payments).toEqual([
      { method: 'cash', amount: order.attributes.total, card: null },
    ]);
    expect(receipt.items[0]?.attendees).toEqual(['Wren Walk-in']);
    expect((await get(c.admin, ORDERS_API.orderReceiptPdf(order.id))).statusCode).toBe(200);
  });

  it('sums a family’s year: its entries, a balance of 0 once paid, and each child’s share', async () => {
    const { buyer, total } = await paidOrder(t, c, third);
    const ctx: ReceiptsContext = {
      db: t.database.db,
      school: t.config.school,
      currency: t.config.currency,
      now: () => new Date(),
    };
    const year = DateTime.now().setZone(t.config.school.timeZone).year;
    const statement = await statementOfYear(ctx, buyer.id, year);
    expect(statement.lines.map((l) => l.kind)).toEqual(['charge', 'payment']);
    expect(statement).toMatchObject({ opening: 0, closing: 0, language: 'en' });
    expect(statement.perChild.map((child) => child.amount)).toEqual([total / 2, total / 2]);
    expect(statement.perChild.map((child) => child.name)).toEqual([
      expect.stringMatching(/^Ann /),
      expect.stringMatching(/^Bo /),
    ]);
    // The year before has none of it.
    const before = await statementOfYear(ctx, buyer.id, year - 1);
    expect(before).toMatchObject({ lines: [], perChild: [], opening: 0, closing: 0 });
  });

  it('writes a Japanese family’s receipt in Japanese, with the Japanese font embedded as a subset', async () => {
    const { buyer, orderId } = await paidOrder(t, c, schedule);
    await setTestUserLocale(t.database.db, buyer.id, 'ja');
    const res = await get(buyer, ORDERS_API.orderReceiptPdf(orderId));
    expect(res.statusCode).toBe(200);
    const bytes = res.rawPayload;
    expect(bytes.length).toBeLessThan(MAX_PDF_BYTES);
    // A subset's name starts with six capitals and a plus (ISO 32000-1, 9.6.4).
    expect(pdfContents(bytes).raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Regular/);
    expect(pdfCanWrite(bytes, '領収書')).toBe(true);
    expect(pdfCanWrite(bytes, '小計')).toBe(true);
    expect(pdfCanWrite(bytes, '合計')).toBe(true);
  });

  it('lets an admin have any family’s receipt', async () => {
    const { orderId } = await paidOrder(t, c, schedule);
    const res = await get(c.admin, ORDERS_API.orderReceiptPdf(orderId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
  });

  it('answers 404 to another family, 404 for an unpaid order, 401 to a guest', async () => {
    const { orderId } = await paidOrder(t, c, schedule);
    expect((await get(c.student, ORDERS_API.orderReceiptPdf(orderId))).statusCode).toBe(404);
    expect((await get(c.teacher, ORDERS_API.orderReceiptPdf(orderId))).statusCode).toBe(404);
    expect((await get(null, ORDERS_API.orderReceiptPdf(orderId))).statusCode).toBe(401);
    const unpaid = await paidOrder(t, c, schedule, { pay: false });
    expect((await get(unpaid.buyer, ORDERS_API.orderReceiptPdf(unpaid.orderId))).statusCode).toBe(
      404,
    );
    expect((await get(c.admin, ORDERS_API.orderReceiptPdf(999_999))).statusCode).toBe(404);
  });

  it('lists a refund on the receipt of a partly refunded order', async () => {
    const { buyer, orderId } = await paidOrder(t, c, another);
    const refund = await t.app.inject({
      method: 'POST',
      url: REFUNDS_API.adminOrderRefunds(orderId),
      headers: as(c.admin),
      payload: { amount: 1500, reason: 'Missed two classes' },
    });
    expect(refund.statusCode).toBe(201);
    const res = await get(buyer, ORDERS_API.orderReceiptPdf(orderId));
    expect(res.statusCode).toBe(200);
    expect(pdfCanWrite(res.rawPayload, 'Refunds')).toBe(true);
    expect(pdfCanWrite(res.rawPayload, 'Paid, less refunds')).toBe(true);
  });

  it('gives a family its yearly statement: entries, balance and what each child cost', async () => {
    const { buyer, kids } = await paidOrder(t, c, another);
    expect(kids).toHaveLength(2);
    const year = DateTime.now().setZone(t.config.school.timeZone).year;
    const res = await get(buyer, `${LEDGER_API.accountStatementPdf}?year=${year}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${year}.pdf"`);
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(MAX_PDF_BYTES);
    for (const text of [`Statement for ${year}`, 'Paid for each child', 'Balance on December 31']) {
      expect(pdfCanWrite(bytes, text), text).toBe(true);
    }
  });

  it('answers 422 with the field for a year that is not one, and 401 to a guest', async () => {
    for (const year of ['abc', '1999', '2026.5', '']) {
      const res = await get(c.student, `${LEDGER_API.accountStatementPdf}?year=${year}`);
      expect(res.statusCode, year).toBe(422);
      expect(JSON.stringify(res.json())).toContain('year');
    }
    expect((await get(c.student, LEDGER_API.accountStatementPdf)).statusCode).toBe(422);
    expect((await get(null, `${LEDGER_API.accountStatementPdf}?year=2026`)).statusCode).toBe(401);
  });
});
