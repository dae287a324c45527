import {
  ORDERS_API,
  orderRefundsDocumentSchema,
  REFUND_MESSAGES,
  REFUNDS_API,
  refundDocumentSchema,
  refundRequestDocumentSchema,
  refundRequestListDocumentSchema,
} from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, type Person, programmeWithSchedule } from '../classes/classes-testing';
import { enrollments } from '../enrollments/enrollments.tables';
import { acceptedGuardian } from '../family/family-testing';
import { notifications } from '../notifications/notifications.tables';
import { orderEvents } from '../orders/orders.tables';
import { users } from '../users/users.tables';
import { paidOrder } from './refunds-testing';

describe('refunds API', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  let schedule: { scheduleId: string; planId: string };

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    schedule = await programmeWithSchedule(t, c);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  const send = (who: Person, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });
  const order = (who: Person, id: string) =>
    send(who, 'GET', ORDERS_API.order(id)).then((r) => r.json().data.attributes);
  const activeKids = async (orderKids: number[]) => {
    const rows = await t.database.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.scheduleId, Number(schedule.scheduleId))));
    return orderKids.filter((k) =>
      rows.some((r) => r.attendeeProfileId === k && r.status === 'active'),
    );
  };
  const eventsOf = async (orderId: string) =>
    (
      await t.database.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, Number(orderId)))
    ).map((e) => e.type);

  it('a family asks for a refund for one child; an admin approves it: that child’s share goes back, her place ends, mail and notification tell them', async () => {
    const { buyer, orderId, kids, total } = await paidOrder(t, c, schedule);
    const asked = await send(buyer, 'POST', REFUNDS_API.orderRefundRequests(orderId), {
      reason: 'Ann moved away',
      attendee_profile_ids: [String(kids[0])],
    });
    expect(asked.statusCode).toBe(201);
    const request = refundRequestDocumentSchema.parse(asked.json()).data;
    expect(request.attributes).toMatchObject({
      status: 'pending',
      whole_order: false,
      attendees: [{ id: String(kids[0]) }],
      suggested_amount: total / 2,
    });

    // Staff see it waiting.
    const list = refundRequestListDocumentSchema.parse(
      (await send(c.admin, 'GET', `${REFUNDS_API.adminRefundRequests}?status=pending`)).json(),
    );
    expect(list.data.map((r) => r.id)).toContain(request.id);

    const decided = await send(c.admin, 'PUT', REFUNDS_API.adminRefundRequest(request.id), {
      decision: 'approve',
    });
    expect(decided.statusCode).toBe(200);
    const doc = refundRequestDocumentSchema.parse(decided.json());
    expect(doc.data.attributes.status).toBe('approved');
    // The fake provider confirmed it through the webhook before the answer.
    expect(doc.included?.[0]?.attributes).toMatchObject({ amount: total / 2, status: 'succeeded' });

    expect((await order(buyer, orderId)).status).toBe('partially_refunded');
    expect(await activeKids(kids)).toEqual([kids[1]]);
    const state = orderRefundsDocumentSchema.parse(
      (await send(buyer, 'GET', REFUNDS_API.orderRefunds(orderId))).json(),
    ).data.attributes;
    expect(state).toMatchObject({
      refunded_amount: total / 2,
      pending_amount: 0,
      refundable_amount: total - total / 2,
    });
    expect(state.refund_requests.map((r) => r.status)).toEqual(['approved']);

    const [account] = await t.database.db.select().from(users).where(eq(users.id, buyer.id));
    const mail = await latestMail(t.app, account?.email ?? '', 'refund_issued');
    expect(mail?.subject).toContain(`#${orderId}`);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, buyer.id));
    expect(notes.some((n) => n.recordType === 'orders' && n.title.includes('refunded'))).toBe(true);
    expect(await eventsOf(orderId)).toEqual(
      expect.arrayContaining(['refund_requested', 'refund_approved', 'refunded']),
    );

    // Decided once.
    const again = await send(c.admin, 'PUT', REFUNDS_API.adminRefundRequest(request.id), {
      decision: 'reject',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].detail).toBe(REFUND_MESSAGES.alreadyDecided);
  });

  it("a second guardian asks for the family: the request and the order's history name them", async () => {
    const { buyer, orderId } = await paidOrder(t, c, schedule);
    const guardian = await acceptedGuardian(t, buyer, 'Gwen Guardian');
    const asked = await send(guardian, 'POST', REFUNDS_API.orderRefundRequests(orderId), {
      reason: 'We are moving',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = refundRequestDocumentSchema.parse(asked.json()).data;
    expect(request.attributes.requested_by).toMatchObject({
      id: String(guardian.id),
      name: 'Gwen Guardian',
    });
    // It is the family's request all the same: the account holder sees it on the order.
    const state = orderRefundsDocumentSchema.parse(
      (await send(buyer, 'GET', REFUNDS_API.orderRefunds(orderId))).json(),
    ).data.attributes;
    expect(state.refund_requests.map((r) => r.id)).toEqual([request.id]);
    const [event] = await t.database.db
      .select()
      .from(orderEvents)
      .where(
        and(eq(orderEvents.orderId, Number(orderId)), eq(orderEvents.type, 'refund_requested')),
      );
    expect(event?.actorId).toBe(guardian.id);
  });

  it('approves a partial amount of a whole-order request; a rejected request refunds nothing', async () => {
    const { buyer, orderId, kids, total } = await paidOrder(t, c, schedule);
    const ask = () =>
      send(buyer, 'POST', REFUNDS_API.orderRefundRequests(orderId), { reason: 'Schedule clash' });
    const first = refundRequestDocumentSchema.parse((await ask()).json()).data;
    expect(first.attributes).toMatchObject({ whole_order: true, suggested_amount: total });
    // One request waits at a time.
    expect((await ask()).statusCode).toBe(409);

    const partial = await send(c.admin, 'PUT', REFUNDS_API.adminRefundRequest(first.id), {
      decision: 'approve',
      amount: 1000,
      note: 'Half the term is gone',
    });
    expect(partial.statusCode).toBe(200);
    expect(refundRequestDocumentSchema.parse(partial.json()).included?.[0]?.attributes.amount).toBe(
      1000,
    );
    expect((await order(buyer, orderId)).status).toBe('partially_refunded');
    // Money only: nobody's place ends.
    expect(await activeKids(kids)).toEqual(kids);

    const second = refundRequestDocumentSchema.parse((await ask()).json()).data;
    const rejected = await send(c.admin, 'PUT', REFUNDS_API.adminRefundRequest(second.id), {
      decision: 'reject',
      note: 'Outside the refund window',
    });
    expect(rejected.json().data.attributes).toMatchObject({
      status: 'rejected',
      decision_note: 'Outside the refund window',
    });
    const declined = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, buyer.id));
    expect(
      declined.some(
        (n) => n.title.includes('declined') && n.content === 'Outside the refund window',
      ),
    ).toBe(true);
    const state = orderRefundsDocumentSchema.parse(
      (await send(buyer, 'GET', REFUNDS_API.orderRefunds(orderId))).json(),
    ).data.attributes;
    expect(state.refunded_amount).toBe(1000);
    expect(state.refunds).toHaveLength(1);
  });

  it('an admin refunds in full directly: the order is refunded, every place ends, nothing is left', async () => {
    const { buyer, orderId, kids, total } = await paidOrder(t, c, schedule);
    const res = await send(c.admin, 'POST', REFUNDS_API.adminOrderRefunds(orderId), {
      amount: total,
      reason: 'Class cancelled',
    });
    expect(res.statusCode).toBe(201);
    expect(refundDocumentSchema.parse(res.json()).data.attributes.status).toBe('succeeded');
    expect((await order(buyer, orderId)).status).toBe('refunded');
    expect(await activeKids(kids)).toEqual([]);

    const more = await send(c.admin, 'POST', REFUNDS_API.adminOrderRefunds(orderId), {
      amount: 1,
      reason: 'Again',
    });
    expect(more.statusCode).toBe(409);
    const asked = await send(buyer, 'POST', REFUNDS_API.orderRefundRequests(orderId), {
      reason: 'More?',
    });
    expect(asked.statusCode).toBe(409);
  });

  it('refuses: strangers 404, teachers and students 403, unpaid 409, too much or not an attendee 422', async () => {
    const { buyer, orderId, kids, total } = await paidOrder(t, c, schedule);
    expect(
      (
        await send(c.student, 'POST', REFUNDS_API.orderRefundRequests(orderId), {
          reason: 'Not mine',
        })
      ).statusCode,
    ).toBe(404);
    expect((await send(c.student, 'GET', REFUNDS_API.orderRefunds(orderId))).statusCode).toBe(404);
    for (const who of [c.teacher, c.student, buyer]) {
      expect(
        (
          await send(who, 'POST', REFUNDS_API.adminOrderRefunds(orderId), {
            amount: 100,
            reason: 'x',
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await send(who, 'PUT', REFUNDS_API.adminRefundRequest(1), { decision: 'reject' }))
          .statusCode,
      ).toBe(403);
      expect((await send(who, 'GET', REFUNDS_API.adminRefundRequests)).statusCode).toBe(403);
    }
    expect(
      (await send(c.admin, 'PUT', REFUNDS_API.adminRefundRequest(999999), { decision: 'reject' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await send(c.admin, 'POST', REFUNDS_API.adminOrderRefunds(999999), {
          amount: 1,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);

    const notAttendee = await send(buyer, 'POST', REFUNDS_API.orderRefundRequests(orderId), {
      reason: 'x',
      attendee_profile_ids: [String(c.parent.attendees.mia)],
    });
    expect(notAttendee.statusCode).toBe(422);
    expect(notAttendee.json().errors[0].meta).toEqual({
      type: 'validate',
      field: 'attendee_profile_ids',
    });
    const tooMuch = await send(c.admin, 'POST', REFUNDS_API.adminOrderRefunds(orderId), {
      amount: total + 1,
      reason: 'x',
      attendee_profile_ids: [String(kids[0])],
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors[0].meta.field).toBe('amount');
    expect(
      (await send(buyer, 'POST', REFUNDS_API.orderRefundRequests(orderId), { reason: '' }))
        .statusCode,
    ).toBe(422);

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: REFUNDS_API.orderRefundRequests('abc'),
          headers: as(buyer),
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(422);

    // An unpaid order cannot be refunded.
    const unpaid = await paidOrder(t, c, schedule, { pay: false });
    const early = await send(
      unpaid.buyer,
      'POST',
      REFUNDS_API.orderRefundRequests(unpaid.orderId),
      {
        reason: 'x',
      },
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].detail).toBe(REFUND_MESSAGES.notRefundable);
    expect(
      (
        await send(c.admin, 'POST', REFUNDS_API.adminOrderRefunds(unpaid.orderId), {
          amount: 1,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(409);
  });
});
