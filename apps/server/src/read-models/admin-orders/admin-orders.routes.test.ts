import {
  ADMIN_ORDERS_API,
  adminOrderDocumentSchema,
  adminOrderListDocumentSchema,
  type EnrollmentOrderLine,
  ORDERS_API,
  PAGE_SIZE,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems } from '../../modules/cart/cart.tables';
import { addToCart, SETUP_TIMEOUT_MS } from '../../modules/cart/cart-testing';
import { giveEmergencyContacts } from '../../modules/child-care/child-care-testing';
import {
  as,
  type Cast,
  type Person,
  programmeWithSchedule,
} from '../../modules/classes/classes-testing';
import { guestCustomers } from '../../modules/customers/customers.tables';
import { orderItemAttendees, orderItems, orders } from '../../modules/orders/orders.tables';
import { fakePayments } from '../../modules/orders/orders-testing';
import { payments as paymentRows } from '../../modules/payments/payments.tables';
import {
  refundAttendees,
  refundRequestAttendees,
  refundRequests,
  refunds,
} from '../../modules/refunds/refunds.tables';
import { attendeeProfiles, users } from '../../modules/users/users.tables';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { csvCell } from './admin-orders.service';

describe('order management API', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  const payments = fakePayments();
  let drawing: Awaited<ReturnType<typeof programmeWithSchedule>>;
  let comics: Awaited<ReturnType<typeof programmeWithSchedule>>;
  /** Paid, by the parent, Drawing, placed 2026-11-19 23:30 in New York. */
  let paidId: string;
  /** Pending, by the student, Comics, placed 2026-11-20 00:30 in New York. */
  let pendingId: string;
  /** A walk-in's paid order, booked by the admin. */
  let walkInId: string;
  let keyN = 0;

  const get = (who: Person | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? as(who) : {} });
  const list = async (query: string) => {
    const res = await get(c.admin, `${ADMIN_ORDERS_API.orders}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return adminOrderListDocumentSchema.parse(res.json());
  };
  const ids = async (query: string) => (await list(query)).data.map((o) => o.id);

  async function checkout(
    who: Person,
    s: { scheduleId: string; planId: string },
    attendeeIds: number[],
  ): Promise<string> {
    await t.database.db.delete(cartItems).where(eq(cartItems.userId, who.id));
    await addToCart(t, who.id, { scheduleId: s.scheduleId, planId: s.planId, attendeeIds });
    const res = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(who), 'idempotency-key': `admin-orders-${++keyN}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id;
  }

  const placedAt = (id: string, at: string) =>
    t.database.db
      .update(orders)
      .set({ createdAt: new Date(at) })
      .where(eq(orders.id, Number(id)));

  async function walkInOrder(name: string, email: string | null, at: string): Promise<string> {
    const [guest] = await t.database.db
      .insert(guestCustomers)
      .values({ name, email, createdById: c.admin.id })
      .returning({ id: guestCustomers.id });
    const [row] = await t.database.db
      .insert(orders)
      .values({
        userId: null,
        guestCustomerId: guest?.id ?? 0,
        placedById: c.admin.id,
        status: 'paid',
        currency: 'usd',
        subtotal: 2500,
        discount: 0,
        total: 2500,
        idempotencyKey: `walk-in-${++keyN}`,
        expiresAt: new Date(at),
        paidAt: new Date(at),
        createdAt: new Date(at),
      })
      .returning({ id: orders.id });
    return String(row?.id);
  }

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
    drawing = await programmeWithSchedule(t, c, { programme: { name: 'Drawing' } });
    comics = await programmeWithSchedule(t, c, { programme: { name: 'Comics' } });
    paidId = await checkout(c.parent, drawing, [c.parent.attendees.mia, c.parent.attendees.leo]);
    await payments.emit('succeeded', paidId);
    const [kid] = await t.database.db
      .insert(attendeeProfiles)
      .values({ userId: c.student.id, name: 'Sam Student' })
      .returning({ id: attendeeProfiles.id });
    await giveEmergencyContacts(t.database.db, [kid?.id ?? 0]);
    pendingId = await checkout(c.student, comics, [kid?.id ?? 0]);
    await placedAt(paidId, '2026-11-20T04:30:00Z');
    await placedAt(pendingId, '2026-11-20T05:30:00Z');
    walkInId = await walkInOrder('Wanda Walkin', 'wanda@walk.in', '2026-11-22T15:00:00Z');
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('is for admins only: a guest 401, a teacher and a student 403', async () => {
    const routes = [
      ['GET', ADMIN_ORDERS_API.orders],
      ['GET', `${ADMIN_ORDERS_API.orders}?format=csv`],
      ['GET', ADMIN_ORDERS_API.order(paidId)],
      ['POST', ADMIN_ORDERS_API.cancel(pendingId)],
    ] as const;
    for (const [method, url] of routes) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
      for (const who of [c.teacher, c.student]) {
        const res = await t.app.inject({ method, url, headers: as(who) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect(
      (await get(c.admin, ADMIN_ORDERS_API.order(pendingId))).json().data.attributes.status,
    ).toBe('pending');
  });

  it('lists every order newest first with its customer, programmes and attendees', async () => {
    const all = await list('');
    expect(all.data.map((o) => o.id)).toEqual([walkInId, pendingId, paidId]);
    const [walkIn, pending, paid] = all.data;
    expect(walkIn?.attributes.customer).toMatchObject({
      kind: 'walk_in',
      name: 'Wanda Walkin',
      email: 'wanda@walk.in',
    });
    expect(pending?.attributes).toMatchObject({
      status: 'pending',
      programmes: ['Comics'],
      attendee_count: 1,
      customer: { kind: 'account', id: String(c.student.id), name: 'Sam Student' },
    });
    expect(paid?.attributes).toMatchObject({
      status: 'paid',
      programmes: ['Drawing'],
      attendee_count: 2,
      customer: { kind: 'account', name: 'Pat Parent' },
    });
  });

  it('filters by status, programme and days in the school time zone', async () => {
    expect(await ids('status=pending')).toEqual([pendingId]);
    expect(await ids('status=paid')).toEqual([walkInId, paidId]);
    expect(await ids(`klass_group_id=${drawing.groupId}`)).toEqual([paidId]);
    expect(await ids(`klass_group_id=${comics.groupId}&status=paid`)).toEqual([]);
    // 04:30Z on the 20th is still the 19th in New York; 05:30Z is the 20th.
    expect(await ids('from=2026-11-20&to=2026-11-20')).toEqual([pendingId]);
    expect(await ids('to=2026-11-19')).toEqual([paidId]);
    expect(await ids('from=2026-11-21')).toEqual([walkInId]);
    const backwards = await get(
      c.admin,
      `${ADMIN_ORDERS_API.orders}?from=2026-11-21&to=2026-11-20`,
    );
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors[0].meta.field).toBe('to');
    for (const bad of ['status=bogus', 'from=2026-02-30', 'klass_group_id=x', 'format=xml']) {
      expect((await get(c.admin, `${ADMIN_ORDERS_API.orders}?${bad}`)).statusCode, bad).toBe(422);
    }
  });

  it('searches customers by name or e-mail (walk-ins too) and orders by number', async () => {
    const [student] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, c.student.id));
    expect(await ids('search=pat%20PARENT')).toEqual([paidId]);
    expect(await ids(`search=${encodeURIComponent(student?.email ?? '')}`)).toEqual([pendingId]);
    expect(await ids('search=wanda')).toEqual([walkInId]);
    expect(await ids('search=WALK.IN')).toEqual([walkInId]);
    // A bare number is an order number, or part of a name or e-mail (test e-mails hold digits).
    expect(await ids(`search=${paidId}`)).toContain(paidId);
    expect(await ids(`search=%23${paidId}`)).toEqual([paidId]);
    expect(await ids(`search=%23${pendingId}`)).toEqual([pendingId]);
    // Wildcards typed are looked for as themselves.
    expect(await ids('search=%25')).toEqual([]);
    expect(await ids('search=_')).toEqual([]);
    expect(await ids('search=99999999999')).toEqual([]);
  });

  it('shows an order with its items, payments, refund requests, refunds and history', async () => {
    const [item] = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, Number(paidId)));
    const attendees = await t.database.db
      .select()
      .from(orderItemAttendees)
      .where(eq(orderItemAttendees.orderItemId, item?.id ?? 0));
    const mia = attendees.find((a) => a.name === 'Mia Parent');
    const leo = attendees.find((a) => a.name === 'Leo Parent');
    await t.database.db.insert(paymentRows).values({
      orderId: Number(paidId),
      provider: 'fake',
      intentId: `pi_test_${paidId}`,
      clientSecret: 'secret',
      amount: item?.total ?? 0,
      currency: 'usd',
      status: 'succeeded',
    });
    const [request] = await t.database.db
      .insert(refundRequests)
      .values({ orderId: Number(paidId), requestedById: c.parent.id, reason: 'Leo moved away' })
      .returning();
    await t.database.db
      .insert(refundRequestAttendees)
      .values({ refundRequestId: request?.id ?? 0, orderItemAttendeeId: leo?.id ?? 0 });
    const [refund] = await t.database.db
      .insert(refunds)
      .values({
        orderId: Number(paidId),
        amount: 100,
        reason: 'Goodwill',
        status: 'succeeded',
        idempotencyKey: `refund-${paidId}`,
        createdById: c.admin.id,
      })
      .returning();
    await t.database.db
      .insert(refundAttendees)
      .values({ refundId: refund?.id ?? 0, orderItemAttendeeId: mia?.id ?? 0 });

    const res = await get(c.admin, ADMIN_ORDERS_API.order(paidId));
    expect(res.statusCode).toBe(200);
    const order = adminOrderDocumentSchema.parse(res.json()).data.attributes;
    const total = item?.total ?? 0;
    const lines = order.items as EnrollmentOrderLine[];
    expect(lines.map((i) => i.klass_group.name)).toEqual(['Drawing']);
    expect(lines[0]?.attendees.map((a) => a.name).sort()).toEqual(['Leo Parent', 'Mia Parent']);
    expect(order.payments).toMatchObject([
      { provider: 'fake', status: 'succeeded', amount: total },
    ]);
    expect(order.refund_requests).toMatchObject([
      {
        status: 'pending',
        reason: 'Leo moved away',
        whole_order: false,
        attendees: [{ id: String(c.parent.attendees.leo), name: 'Leo Parent' }],
        // Leo's half of the item.
        suggested_amount: Math.round(total / 2),
        requested_by: { id: String(c.parent.id), name: 'Pat Parent' },
      },
    ]);
    expect(order.refunds).toMatchObject([
      {
        amount: 100,
        status: 'succeeded',
        attendees: [{ id: String(c.parent.attendees.mia), name: 'Mia Parent' }],
        created_by: { id: String(c.admin.id), name: 'Ada Admin' },
      },
    ]);
    expect(order.refunded_amount).toBe(100);
    expect(order.refundable_amount).toBe(total - 100);
    expect(order.events.map((e) => e.type)).toEqual(['placed', 'paid']);
    expect(order.events[0]?.actor).toEqual({ id: String(c.parent.id), name: 'Pat Parent' });
    expect((await list(`search=%23${paidId}`)).data[0]?.attributes).toMatchObject({
      refunded_amount: 100,
      pending_refund_requests: 1,
    });

    const walkIn = (await get(c.admin, ADMIN_ORDERS_API.order(walkInId))).json().data.attributes;
    expect(walkIn.placed_by).toEqual({ id: String(c.admin.id), name: 'Ada Admin' });
    expect((await get(c.admin, ADMIN_ORDERS_API.order(999999))).statusCode).toBe(404);
  });

  it('cancels a pending order as an admin, recording who; 409 when not pending, 404 when unknown', async () => {
    const post = (id: string | number) =>
      t.app.inject({ method: 'POST', url: ADMIN_ORDERS_API.cancel(id), headers: as(c.admin) });
    const res = await post(pendingId);
    expect(res.statusCode, res.body).toBe(200);
    const order = adminOrderDocumentSchema.parse(res.json()).data.attributes;
    expect(order.status).toBe('canceled');
    expect(order.events.at(-1)).toMatchObject({
      type: 'canceled',
      actor: { id: String(c.admin.id), name: 'Ada Admin' },
      data: { by: 'staff' },
    });
    expect((await post(pendingId)).statusCode).toBe(409);
    expect((await post(paidId)).statusCode).toBe(409);
    expect((await post(999999)).statusCode).toBe(404);
    // The student's own list sees it cancelled too.
    const mine = await get(c.student, ORDERS_API.order(pendingId));
    expect(mine.json().data.attributes.status).toBe('canceled');
  });

  it('exports every order of the filter as CSV, with cells no spreadsheet runs', async () => {
    const evil = await walkInOrder(
      '=HYPERLINK("http://x","y")',
      '+1@evil.test',
      '2026-11-23T12:00:00Z',
    );
    const res = await get(c.admin, `${ADMIN_ORDERS_API.orders}?format=csv&status=paid`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="orders-.*\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'order,placed_at,status,customer,email,customer_kind,programmes,attendees,currency,subtotal,discount,total,refunded,paid_at',
    );
    expect(lines.map((l) => l.split(',')[0])).toEqual(['order', evil, walkInId, paidId]);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(lines[1]).toContain(`,'+1@evil.test,walk_in,`);
    expect(lines[2]).toBe(
      `${walkInId},2026-11-22T10:00:00-05:00,paid,Wanda Walkin,wanda@walk.in,walk_in,,0,usd,25.00,0.00,25.00,0.00,2026-11-22T10:00:00-05:00`,
    );
    expect(lines[3]).toContain(',Pat Parent,');
    expect(lines[3]).toContain(',Drawing,2,');
  });

  it('escapes cells: formulas, quotes, commas and line breaks', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });

  it('lists a page in the same number of queries whatever its size', async () => {
    for (let i = 0; i < PAGE_SIZE + 3; i++) {
      await walkInOrder(`Bulk Buyer ${i}`, null, '2026-10-01T12:00:00Z');
    }
    const count = async (query: string) => {
      const before = t.database.queryCount();
      const page = await list(query);
      return { queries: t.database.queryCount() - before, size: page.data.length };
    };
    const full = await count('search=bulk');
    const short = await count('search=bulk&page=2');
    expect(full.size).toBe(PAGE_SIZE);
    expect(short.size).toBe(3);
    expect(full.queries).toBe(short.queries);
    // The expiry sweep, the page and its count, at most the session check.
    expect(full.queries).toBeLessThanOrEqual(5);
    const meta = (await list('search=bulk&page=2')).meta;
    expect(meta).toEqual({ total: PAGE_SIZE + 3, page: 2, per_page: PAGE_SIZE });
  });
});
