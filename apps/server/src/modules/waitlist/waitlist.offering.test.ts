import { WAITLIST_API, WAITLIST_OFFER_HOURS } from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, type Person, person } from '../classes/classes-testing';
import { seatCountsBySchedule } from '../enrollments';
import { seatHolds } from '../enrollments/enrollments.tables';
import { notifications } from '../notifications/notifications.tables';
import { waitlistContextOf } from './waitlist.routes';
import { offerFreedSeats, sweepWaitlists } from './waitlist.service';
import { waitlistEntries, waitlistOffers } from './waitlist.tables';
import { emailOf, freeSeats, fullSchedule, joined } from './waitlist-testing';

// Who gets freed seats (docs/product.md#waitlist): line order, the first family that fits, as
// many offers as the seats allow; an offer not used in time passes on.

describe('offering freed seats', { timeout: 90_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let clock = new Date('2030-01-01T12:00:00Z');
  const ctx = () => waitlistContextOf(t.app, () => clock);

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const families = async (n: number): Promise<Person[]> => {
    const out = [];
    for (let i = 0; i < n; i++) out.push(await person(t, 'student', `Family ${i}`));
    return out;
  };
  const statusOf = async (entryId: number) =>
    (
      await t.database.db
        .select({ status: waitlistEntries.status })
        .from(waitlistEntries)
        .where(eq(waitlistEntries.id, entryId))
    )[0]?.status;

  it('offers a freed seat to the first family that fits; a bigger family keeps its place', async () => {
    const s = await fullSchedule(t, c, 4);
    const [big, small, later] = await families(3);
    if (!big || !small || !later) throw new Error('families');
    const bigEntry = await joined(t, big, s.id, 2);
    const smallEntry = await joined(t, small, s.id, 1);
    const laterEntry = await joined(t, later, s.id, 1);
    await freeSeats(t, s.holdId, 1);
    const made = await offerFreedSeats(ctx(), [s.id]);
    expect(made.map((m) => m.userId)).toEqual([small.id]);
    expect(await statusOf(bigEntry)).toBe('waiting');
    expect(await statusOf(smallEntry)).toBe('offered');
    expect(await statusOf(laterEntry)).toBe('waiting');
    // The offer's seat is held like any hold: nothing is free now, and asking again offers nothing.
    const counts = (await seatCountsBySchedule(t.app.db, [s.id], clock)).get(s.id);
    expect(counts?.held).toBe(4);
    expect(await offerFreedSeats(ctx(), [s.id])).toEqual([]);
    const mine = await t.app.inject({ method: 'GET', url: WAITLIST_API.mine, headers: as(big) });
    expect(mine.json().data[0].attributes.place).toBe(1);
  });

  it('follows line order when several fit, and makes several offers from several seats', async () => {
    const s = await fullSchedule(t, c, 5);
    const [a, b, d, e] = await families(4);
    if (!a || !b || !d || !e) throw new Error('families');
    await joined(t, a, s.id, 1);
    await joined(t, b, s.id, 2);
    await joined(t, d, s.id, 1);
    await joined(t, e, s.id, 1);
    await freeSeats(t, s.holdId, 4);
    const made = await offerFreedSeats(ctx(), [s.id]);
    // 4 seats: a (1), b (2), d (1); e waits.
    expect(made.map((m) => [m.userId, m.seats])).toEqual([
      [a.id, 1],
      [b.id, 2],
      [d.id, 1],
    ]);
    const holds = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.scheduleId, s.id));
    expect(holds.filter((h) => h.waitlistOfferId !== null).map((h) => h.seats)).toEqual([1, 2, 1]);
    const offers = await t.database.db
      .select()
      .from(waitlistOffers)
      .where(eq(waitlistOffers.scheduleId, s.id));
    for (const offer of offers) {
      expect(offer.expiresAt.getTime() - clock.getTime()).toBe(WAITLIST_OFFER_HOURS * 3_600_000);
    }
  });

  it('mails the family in its language and notifies it with the offer', async () => {
    const s = await fullSchedule(t, c, 1);
    const [f] = await families(1);
    if (!f) throw new Error('families');
    await joined(t, f, s.id, 1);
    await freeSeats(t, s.holdId, 1);
    const [made] = await offerFreedSeats(ctx(), [s.id]);
    const mail = await latestMail(t.app, await emailOf(t, f), 'waitlist_offer');
    expect(mail?.subject).toContain('Observational Drawing');
    expect(mail?.links.some((l) => l.includes('/book_class?klass_group='))).toBe(true);
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.recipientId, f.id), eq(notifications.recordType, 'waitlist_offers')),
      );
    expect(note?.recordId).toBe(made?.offerId);
  });

  it('passes an offer not used in time to the next family; the first leaves the line', async () => {
    const s = await fullSchedule(t, c, 2);
    const [first, second] = await families(2);
    if (!first || !second) throw new Error('families');
    const firstEntry = await joined(t, first, s.id, 1);
    const secondEntry = await joined(t, second, s.id, 1);
    await freeSeats(t, s.holdId, 1);
    const [offer] = await offerFreedSeats(ctx(), [s.id]);
    expect(offer?.userId).toBe(first.id);

    clock = new Date(clock.getTime() + (WAITLIST_OFFER_HOURS - 1) * 3_600_000);
    expect(await sweepWaitlists(ctx())).toEqual([]);

    clock = new Date(clock.getTime() + 2 * 3_600_000);
    const made = await sweepWaitlists(ctx());
    expect(made.filter((m) => m.scheduleId === s.id).map((m) => m.userId)).toEqual([second.id]);
    const [expired] = await t.database.db
      .select()
      .from(waitlistOffers)
      .where(eq(waitlistOffers.id, offer?.offerId ?? 0));
    expect(expired?.status).toBe('expired');
    expect(await statusOf(firstEntry)).toBe('left');
    expect(await statusOf(secondEntry)).toBe('offered');
    const holds = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.waitlistOfferId, offer?.offerId ?? 0));
    expect(holds).toEqual([]);
  });
});
