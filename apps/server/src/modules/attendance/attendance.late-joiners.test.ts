import { ATTENDANCE_API, ATTENDANCE_MESSAGES, type OrderItemSnapshot } from '@atelier/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { klasses } from '../classes/classes.tables';
import { as, type Cast, enroll, programmeWithSchedule } from '../classes/classes-testing';
import { enrollments } from '../enrollments/enrollments.tables';
import { orderItems, orders } from '../orders/orders.tables';
import { attendeeProfiles } from '../users/users.tables';
import { attendances } from './attendance.tables';

// docs/product.md#attendance: an enrollment starts at the first session that had not started when
// its order was placed (what a "sessions still ahead" plan charges for). A child booked mid-term
// is on no earlier roll and has no "Not marked yet" rows for sessions before they joined.
describe('attendance of a child who joined mid-term', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let scheduleId: string;
  /** The schedule's eight Saturdays of early 2024, in time order. */
  let klassRows: { id: number; startsAt: Date }[];
  let mia: number;
  let nia: number;

  /** Enrolls `attendeeProfileId` through a paid order of `userId` placed at `placedAt`. */
  async function enrollByOrder(userId: number, attendeeProfileId: number, placedAt: Date) {
    const db = t.database.db;
    const [order] = await db
      .insert(orders)
      .values({
        userId,
        status: 'paid',
        currency: 'USD',
        subtotal: 1000,
        discount: 0,
        total: 1000,
        idempotencyKey: `late-${attendeeProfileId}`,
        expiresAt: placedAt,
        paidAt: new Date(placedAt.getTime() + 60_000),
        createdAt: placedAt,
        updatedAt: placedAt,
      })
      .returning({ id: orders.id });
    const [item] = await db
      .insert(orderItems)
      .values({
        orderId: order?.id ?? 0,
        scheduleId: Number(scheduleId),
        planId: 0,
        numberOfAttendees: 1,
        units: 5,
        subtotal: 1000,
        discount: 0,
        total: 1000,
        // Attendance never reads what the order showed: an empty snapshot stands in.
        snapshot: {} as OrderItemSnapshot,
      })
      .returning({ id: orderItems.id });
    await db.insert(enrollments).values({
      scheduleId: Number(scheduleId),
      attendeeProfileId,
      orderItemId: item?.id ?? 0,
      enrolledFrom: placedAt,
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    scheduleId = (
      await programmeWithSchedule(t, c, {
        schedule: { start_date: '2024-01-06', end_date: '2024-02-24' },
      })
    ).scheduleId;
    klassRows = await t.database.db
      .select({ id: klasses.id, startsAt: klasses.startsAt })
      .from(klasses)
      .where(eq(klasses.scheduleId, Number(scheduleId)))
      .orderBy(asc(klasses.startsAt));
    expect(klassRows).toHaveLength(8);
    mia = c.parent.attendees.mia;
    const [kid] = await t.database.db
      .insert(attendeeProfiles)
      .values({ userId: c.parent.id, name: 'Nia Parent' })
      .returning({ id: attendeeProfiles.id });
    nia = kid?.id ?? 0;
    // Mia was there from the start (an enrollment made by hand); Nia's order was placed the day
    // before the fourth Saturday.
    await enroll(t, scheduleId, [mia]);
    const fourth = klassRows[3]?.startsAt ?? new Date();
    await enrollByOrder(c.parent.id, nia, new Date(fourth.getTime() - 24 * 3_600_000));
  }, 60_000);
  afterAll(() => t.close());

  const get = (url: string, who = c.admin) =>
    t.app.inject({ method: 'GET', url, headers: as(who) });
  const rollNames = async (index: number) => {
    const res = await get(ATTENDANCE_API.klass(String(klassRows[index]?.id)));
    expect(res.statusCode).toBe(200);
    return res.json().data.attributes.attendees.map((a: { name: string }) => a.name);
  };

  it('puts the late joiner on the rolls from their first session on, not before', async () => {
    expect(await rollNames(2)).toEqual(['Mia Parent']);
    expect(await rollNames(3)).toEqual(['Mia Parent', 'Nia Parent']);
    expect(await rollNames(7)).toEqual(['Mia Parent', 'Nia Parent']);
  });

  it('refuses to mark them on a session before they joined (422), and takes it from then on', async () => {
    const mark = (index: number) =>
      t.app.inject({
        method: 'PUT',
        url: ATTENDANCE_API.klass(String(klassRows[index]?.id)),
        headers: as(c.admin),
        payload: { attendances: [{ attendee_profile_id: String(nia), status: 'present' }] },
      });
    const early = await mark(2);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors[0].detail).toBe(ATTENDANCE_MESSAGES.notEnrolled);
    expect((await mark(3)).statusCode).toBe(200);
  });

  it('lists the family’s attendance of each child from their own first session', async () => {
    const res = await get(`${ATTENDANCE_API.family}?attendee_profile_id=${nia}`, c.parent);
    const klassIds = res
      .json()
      .data.map((r: { attributes: { klass_id: string } }) => Number(r.attributes.klass_id));
    expect(klassIds).toEqual(
      klassRows
        .slice(3)
        .map((s) => s.id)
        .reverse(),
    );
    const miaRows = await get(`${ATTENDANCE_API.family}?attendee_profile_id=${mia}`, c.parent);
    expect(miaRows.json().meta.total).toBe(8);
  });

  it('counts a session’s unmarked attendees among those who had joined by it', async () => {
    const body = (await get(ATTENDANCE_API.schedule(scheduleId))).json();
    const counts = (index: number) =>
      body.data.find((k: { id: string }) => k.id === String(klassRows[index]?.id)).attributes
        .counts;
    expect(counts(2)).toEqual({ present: 0, absent: 0, late: 0, unmarked: 1 });
    expect(counts(4)).toEqual({ present: 0, absent: 0, late: 0, unmarked: 2 });
  });

  it('keeps marks stored before the rule out of earlier sessions, but stored', async () => {
    // A mark written for a session before the child joined (by an older server) is not shown.
    const db = t.database.db;
    await db.insert(attendances).values({
      klassId: klassRows[1]?.id ?? 0,
      attendeeProfileId: nia,
      status: 'absent',
      markedById: c.admin.id,
    });
    const body = (await get(ATTENDANCE_API.schedule(scheduleId))).json();
    const second = body.data.find((k: { id: string }) => k.id === String(klassRows[1]?.id));
    expect(second.attributes.marks).toEqual([]);
    const stored = await db
      .select()
      .from(attendances)
      .where(inArray(attendances.attendeeProfileId, [nia]));
    expect(stored.map((m) => m.klassId)).toContain(klassRows[1]?.id);
  });
});
