import { MAKEUPS_API } from '@atelier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, cast, enroll } from '../classes/classes-testing';
import { attendeeProfiles } from '../users/users.tables';
import { makeupBookings, makeupCredits } from './makeups.tables';
import { giveCredit, scheduleWithKlasses } from './makeups-testing';

// A make-up takes its seat under the schedule lock orders and enrollments take
// (docs/decisions/074-absences-and-make-ups.md): racing bookings of a last seat leave one, and a
// credit spent from many tabs at once books once; on PGlite and on PostgreSQL (TEST_DB=postgres
// runs this file again against DATABASE_URL).
describe('make-ups under concurrency', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const book = (creditId: number, klassId: number) =>
    t.app.inject({
      method: 'POST',
      url: MAKEUPS_API.bookings,
      headers: as(c.parent),
      payload: { makeup_credit_id: String(creditId), klass_id: String(klassId) },
    });

  it('50 make-ups racing for the last seat: exactly one gets it', async () => {
    const made = await scheduleWithKlasses(t, c, { schedule: { capacity: 2 } });
    // One seat taken by an enrollment: one left.
    await enroll(t, made.scheduleId, [c.parent.attendees.leo]);
    const klassId = made.klassIds[0] as number;
    const kids = await t.database.db
      .insert(attendeeProfiles)
      .values(Array.from({ length: 50 }, (_, i) => ({ userId: c.parent.id, name: `Kid ${i}` })))
      .returning({ id: attendeeProfiles.id });
    const credits = await Promise.all(kids.map((k) => giveCredit(t, k.id)));
    const answers = await Promise.all(credits.map((id) => book(id, klassId)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(49);
    const live = await t.database.db
      .select()
      .from(makeupBookings)
      .where(and(eq(makeupBookings.klassId, klassId), isNull(makeupBookings.cancelledAt)));
    expect(live).toHaveLength(1);
    const used = await t.database.db
      .select()
      .from(makeupCredits)
      .where(eq(makeupCredits.id, live[0]?.creditId ?? 0));
    expect(used[0]?.usedAt).not.toBeNull();
  });

  it('one credit spent from 10 racing requests books once', async () => {
    const made = await scheduleWithKlasses(t, c, { schedule: { capacity: 20 } });
    const credit = await giveCredit(t, c.parent.attendees.mia);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        book(credit, made.klassIds[i % made.klassIds.length] as number),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(makeupBookings)
      .where(eq(makeupBookings.creditId, credit));
    expect(rows).toHaveLength(1);
  });
});
