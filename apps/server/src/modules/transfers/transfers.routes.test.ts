import { ATTENDANCE_API, TRANSFER_MESSAGES, TRANSFERS_API } from '@atelier/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../mail/mail.tables';
import { latestMail } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { klasses } from '../classes/classes.tables';
import { as, type Cast, programmeWithSchedule, scheduleBody } from '../classes/classes-testing';
import { enrollments, seatHolds } from '../enrollments/enrollments.tables';
import { ledgerEntries } from '../ledger/ledger.tables';
import { notifications } from '../notifications/notifications.tables';
import { users } from '../users/users.tables';
import { waitlistOffers } from '../waitlist/waitlist.tables';
import { fullSchedule, joined } from '../waitlist/waitlist-testing';
import { enrollmentTransfers } from './transfers.tables';
import { enrolled, twoSchedules } from './transfers-testing';

// Transfers between schedules (docs/decisions/078-transfers.md): the routes, the refusals, the
// ledger entry of the difference, both rolls, the freed seat offered to the waitlist, and
// families allowed only when the school says so. On PGlite and PostgreSQL (TEST_DB=postgres).
describe('transfers', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const adminMove = (enrollmentId: number, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: TRANSFERS_API.adminTransfer(enrollmentId),
      headers: as(c.admin),
      payload,
    });

  const entriesOf = (userId: number) =>
    t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));

  it('previews the difference with dry_run and writes nothing', async () => {
    const s = await twoSchedules(t, c);
    const id = await enrolled(t, s.fromId, c.parent.attendees.mia);
    const res = await adminMove(id, {
      schedule_id: String(s.toId),
      plan_id: String(s.planId),
      dry_run: true,
    });
    expect(res.statusCode).toBe(200);
    const a = res.json().data.attributes;
    // 8 sessions against 13 at 35.00 each (the base price is on both sides).
    expect(a).toMatchObject({
      dry_run: true,
      new_enrollment_id: null,
      old_value: 2000 + 8 * 3500,
      new_price: 2000 + 13 * 3500,
      difference: 5 * 3500,
    });
    const rows = await t.database.db.select().from(enrollments).where(eq(enrollments.id, id));
    expect(rows[0]?.status).toBe('active');
    expect(
      await t.database.db
        .select()
        .from(enrollmentTransfers)
        .where(eq(enrollmentTransfers.fromEnrollmentId, id)),
    ).toHaveLength(0);
  });

  it('staff move a child: both rolls change, the difference is charged, everyone is told', async () => {
    const s = await twoSchedules(t, c);
    const id = await enrolled(t, s.fromId, c.parent.attendees.leo);
    const before = await entriesOf(c.parent.id);
    const res = await adminMove(id, { schedule_id: String(s.toId), plan_id: String(s.planId) });
    expect(res.statusCode).toBe(201);
    const a = res.json().data.attributes;
    expect(a.difference).toBe(5 * 3500);
    const old = await t.database.db.select().from(enrollments).where(eq(enrollments.id, id));
    expect(old[0]?.status).toBe('moved');
    const now = await t.database.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.id, Number(a.new_enrollment_id)));
    expect(now[0]).toMatchObject({ scheduleId: s.toId, status: 'active' });
    const after = await entriesOf(c.parent.id);
    const added = after.filter((e) => !before.some((b) => b.id === e.id));
    expect(added).toEqual([
      expect.objectContaining({ kind: 'charge', amount: 5 * 3500, createdById: c.admin.id }),
    ]);
    const told = await t.database.db
      .select({ recipientId: notifications.recipientId })
      .from(notifications)
      .where(eq(notifications.content, `Leo Parent: ${a.from_name} → ${a.to_name}`));
    expect(told.map((n) => n.recipientId).sort()).toEqual(
      [c.parent.id, c.teacher.id, c.otherTeacher.id].sort(),
    );
    const mails = await t.database.db
      .select({ template: mailOutbox.template })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'enrollment_transferred'));
    expect(mails.length).toBeGreaterThan(0);
    // Both rolls: Leo is on the new schedule's first session and off the old one's.
    const rollOf = async (scheduleId: number) => {
      const [first] = await t.database.db
        .select({ id: klasses.id })
        .from(klasses)
        .where(eq(klasses.scheduleId, scheduleId))
        .orderBy(klasses.startsAt);
      const roll = await t.app.inject({
        method: 'GET',
        url: ATTENDANCE_API.klass(first?.id ?? 0),
        headers: as(c.admin),
      });
      return (roll.json().data.attributes.attendees as { name: string }[]).map((x) => x.name);
    };
    expect(await rollOf(s.toId)).toContain('Leo Parent');
    expect(await rollOf(s.fromId)).not.toContain('Leo Parent');
  });

  it('a shorter class is credited', async () => {
    const s = await twoSchedules(t, c, { toSchedule: { end_date: '2030-01-26' } });
    const id = await enrolled(t, s.fromId, c.parent.attendees.mia);
    const res = await adminMove(id, { schedule_id: String(s.toId), plan_id: String(s.planId) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes.difference).toBe(-4 * 3500);
    const [entry] = (await entriesOf(c.parent.id)).filter(
      (e) =>
        e.description ===
        `Mia Parent: ${res.json().data.attributes.from_name} → ${res.json().data.attributes.to_name}`,
    );
    expect(entry).toMatchObject({ kind: 'credit', amount: -4 * 3500 });
  });

  it('refuses with 422: same schedule, full, ended, plan not offered, no plan', async () => {
    const s = await twoSchedules(t, c, { toSchedule: { capacity: 1 } });
    const id = await enrolled(t, s.fromId, c.parent.attendees.mia);
    const other = await programmeWithSchedule(t, c);
    const ended = await twoSchedules(t, c, {
      toSchedule: { start_date: '2020-01-04', end_date: '2020-02-01' },
    });
    const endedId = await enrolled(t, ended.fromId, c.parent.attendees.mia);
    const field = async (res: { statusCode: number; json(): { errors?: unknown } }) => {
      expect(res.statusCode).toBe(422);
      return JSON.stringify(res.json());
    };
    expect(
      await field(
        await adminMove(id, { schedule_id: String(s.fromId), plan_id: String(s.planId) }),
      ),
    ).toContain(TRANSFER_MESSAGES.sameSchedule);
    expect(
      await field(
        await adminMove(id, { schedule_id: String(other.scheduleId), plan_id: String(s.planId) }),
      ),
    ).toContain(TRANSFER_MESSAGES.planNotOffered);
    expect(await field(await adminMove(id, { schedule_id: String(s.toId) }))).toContain(
      TRANSFER_MESSAGES.choosePlan,
    );
    expect(
      await field(
        await adminMove(endedId, {
          schedule_id: String(ended.toId),
          plan_id: String(ended.planId),
        }),
      ),
    ).toContain(TRANSFER_MESSAGES.ended);
    expect(await field(await adminMove(id, { schedule_id: 'x' }))).toContain('schedule_id');
    // The one seat taken: full, for the preview and for the move.
    await enrolled(t, s.toId, c.parent.attendees.leo);
    for (const dry of [true, false]) {
      expect(
        await field(
          await adminMove(id, {
            schedule_id: String(s.toId),
            plan_id: String(s.planId),
            dry_run: dry,
          }),
        ),
      ).toContain(TRANSFER_MESSAGES.full);
    }
  });

  it('the freed seat goes to the old schedule’s waitlist', async () => {
    const full = await fullSchedule(t, c, 1);
    // The filler hold gives way to Mia's enrollment: still full, one seat hers.
    await t.database.db.delete(seatHolds).where(eq(seatHolds.id, full.holdId));
    const id = await enrolled(t, full.id, c.parent.attendees.mia);
    const entry = await joined(t, c.student, full.id, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/klass_groups/${full.groupId}/schedules`,
      headers: as(c.admin),
      payload: scheduleBody(c.teacher.id, [full.planId], { name: 'Later' }),
    });
    const toId = Number(res.json().data.id);
    const moved = await adminMove(id, { schedule_id: String(toId), plan_id: String(full.planId) });
    expect(moved.statusCode).toBe(201);
    const offers = await t.database.db
      .select()
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.entryId, entry), eq(waitlistOffers.status, 'open')));
    expect(offers).toHaveLength(1);
  });

  it('families may not move children unless the school allows it', async () => {
    const s = await twoSchedules(t, c);
    const id = await enrolled(t, s.fromId, c.parent.attendees.leo);
    const res = await t.app.inject({
      method: 'POST',
      url: TRANSFERS_API.transfer(id),
      headers: as(c.parent),
      payload: { schedule_id: String(s.toId), plan_id: String(s.planId) },
    });
    expect(res.statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: TRANSFERS_API.familyEnrollments,
      headers: as(c.parent),
    });
    expect(list.json().meta.family_transfers).toBe(false);
    const staff = await t.app.inject({
      method: 'POST',
      url: TRANSFERS_API.adminTransfer(id),
      headers: as(c.parent),
      payload: { schedule_id: String(s.toId) },
    });
    expect(staff.statusCode).toBe(403);
  });
});

describe('transfers by families (FAMILY_TRANSFERS=true)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    t = await createTestApp({ FAMILY_TRANSFERS: 'true' });
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('a family lists its enrollments, sees the options, and moves its own child only', async () => {
    const s = await twoSchedules(t, c);
    const id = await enrolled(t, s.fromId, c.parent.attendees.mia);
    const list = await t.app.inject({
      method: 'GET',
      url: TRANSFERS_API.familyEnrollments,
      headers: as(c.parent),
    });
    const options = await t.app.inject({
      method: 'GET',
      url: TRANSFERS_API.options(id),
      headers: as(c.parent),
    });
    expect(options.json().data.map((o: { schedule_id: string }) => o.schedule_id)).toEqual([
      String(s.toId),
    ]);
    expect(list.json()).toMatchObject({
      meta: { family_transfers: true },
      data: [expect.objectContaining({ id: String(id), attendee_name: 'Mia Parent' })],
    });
    const stranger = await t.app.inject({
      method: 'POST',
      url: TRANSFERS_API.transfer(id),
      headers: as(c.student),
      payload: { schedule_id: String(s.toId), plan_id: String(s.planId) },
    });
    expect(stranger.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: TRANSFERS_API.transfer(id),
      headers: as(c.parent),
      payload: { schedule_id: String(s.toId), plan_id: String(s.planId) },
    });
    expect(res.statusCode).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: TRANSFERS_API.transfer(id),
      headers: as(c.parent),
      payload: { schedule_id: String(s.toId), plan_id: String(s.planId) },
    });
    expect(again.statusCode).toBe(409);
  });

  it("names both classes in each reader's language: the family's answers and mail, the family's and teachers' notices", async () => {
    const s = await twoSchedules(t, c, {
      fromSchedule: { translations: { ja: { name: '土曜クラス' } } },
      toSchedule: { translations: { ja: { name: '日曜クラス' } } },
    });
    const named = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_groups/${s.groupId}`,
      headers: as(c.admin),
      payload: { klass_group: { translations: { ja: { name: '観察デッサン' } } } },
    });
    expect(named.statusCode).toBe(200);
    const id = await enrolled(t, s.fromId, c.parent.attendees.leo);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: as(c.parent) });
    const leoIn = async () =>
      (await get(TRANSFERS_API.familyEnrollments))
        .json()
        .data.find((e: { id: string }) => e.id === String(id));

    expect(await leoIn()).toMatchObject({
      programme: 'Observational Drawing',
      schedule_name: 'Saturdays',
    });
    // As account settings would: the session sees the new language at once.
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${c.parent.id}`,
      headers: as(c.parent),
      payload: { user: { locale: 'ja' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(await leoIn()).toMatchObject({ programme: '観察デッサン', schedule_name: '土曜クラス' });
    expect((await get(TRANSFERS_API.options(id))).json().data).toEqual([
      expect.objectContaining({ programme: '観察デッサン', schedule_name: '日曜クラス' }),
    ]);

    const res = await t.app.inject({
      method: 'POST',
      url: TRANSFERS_API.transfer(id),
      headers: as(c.parent),
      payload: { schedule_id: String(s.toId), plan_id: String(s.planId) },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({
      from_name: '観察デッサン（土曜クラス）',
      to_name: '観察デッサン（日曜クラス）',
    });
    const [parent] = await t.database.db.select().from(users).where(eq(users.id, c.parent.id));
    const mail = await latestMail(t.app, parent?.email ?? '', 'enrollment_transferred');
    expect(mail?.text).toContain('観察デッサン（土曜クラス）');
    expect(mail?.text).toContain('観察デッサン（日曜クラス）');
    const noticeTo = async (userId: number) =>
      (
        await t.database.db
          .select()
          .from(notifications)
          .where(eq(notifications.recipientId, userId))
          .orderBy(notifications.id)
      ).at(-1);
    expect(await noticeTo(c.parent.id)).toMatchObject({
      title: 'Leo Parent さんのクラスが変わりました',
      content: 'Leo Parent: 観察デッサン（土曜クラス） → 観察デッサン（日曜クラス）',
    });
    // The teachers read English: their accounts name no language.
    expect(await noticeTo(c.teacher.id)).toMatchObject({
      title: 'Class change: Leo Parent',
      content: 'Leo Parent: Observational Drawing (Saturdays) → Observational Drawing (Sundays)',
    });
    // The ledger entry is a money record, written in English.
    const [entry] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, c.parent.id))
      .orderBy(desc(ledgerEntries.id));
    expect(entry?.description).toBe(
      'Leo Parent: Observational Drawing (Saturdays) → Observational Drawing (Sundays)',
    );
  });
});
