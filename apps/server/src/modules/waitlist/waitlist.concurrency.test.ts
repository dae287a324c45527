import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { type Cast, type Person, person } from '../classes/classes-testing';
import { seatCountsBySchedule } from '../enrollments';
import { waitlistContextOf } from './waitlist.routes';
import { offerFreedSeats, sweepWaitlists } from './waitlist.service';
import { waitlistOffers } from './waitlist.tables';
import { freeSeats, fullSchedule, joined } from './waitlist-testing';

// docs/product.md#waitlist: a freed seat is offered once, never to two families, however many
// callers offer at the same time: on PGlite and on PostgreSQL (the server-pg project runs this
// file again against DATABASE_URL), from two app instances sharing the database.

describe('offering freed seats concurrently', { timeout: 180_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let second: App;
  let secondDb: Database | null = null;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    // A second instance on the same database: its own pool on PostgreSQL; PGlite has one
    // connection, so the second app shares it (its statements still interleave).
    secondDb = t.database.url
      ? await openDatabase({ kind: 'postgres', url: t.database.url })
      : null;
    second = await buildApp(t.config, {
      database: secondDb ?? t.database,
      mail: { worker: { autoStart: false } },
    });
    await second.ready();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await second.close();
    await secondDb?.close();
    await t.close();
  });

  it('one freed seat, ten callers on two instances: exactly one offer, to the first in line', async () => {
    const s = await fullSchedule(t, c, 3);
    const waiting: Person[] = [];
    for (let i = 0; i < 4; i++) {
      const f = await person(t, 'student', `Waiting ${i}`);
      await joined(t, f, s.id, 1);
      waiting.push(f);
    }
    await freeSeats(t, s.holdId, 1);
    const callers = Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0
        ? offerFreedSeats(waitlistContextOf(t.app), [s.id])
        : sweepWaitlists(waitlistContextOf(second)),
    );
    const made = (await Promise.all(callers)).flat().filter((m) => m.scheduleId === s.id);
    expect(made).toHaveLength(1);
    expect(made[0]?.userId).toBe(waiting[0]?.id);
    const offers = await t.database.db
      .select()
      .from(waitlistOffers)
      .where(eq(waitlistOffers.scheduleId, s.id));
    expect(offers).toHaveLength(1);
    // Never oversold: the filler hold (2) and the offer's hold (1) fill the 3 seats.
    const counts = (await seatCountsBySchedule(t.app.db, [s.id], new Date())).get(s.id);
    expect(counts?.held).toBe(3);
  });

  it('three seats freed one by one while callers race: three offers to three families', async () => {
    const s = await fullSchedule(t, c, 3);
    for (let i = 0; i < 5; i++) {
      await joined(t, await person(t, 'student', `Racer ${i}`), s.id, 1);
    }
    const callers: Promise<unknown>[] = [];
    for (let i = 0; i < 3; i++) {
      await freeSeats(t, s.holdId, 1);
      callers.push(
        offerFreedSeats(waitlistContextOf(t.app), [s.id]),
        offerFreedSeats(waitlistContextOf(second), [s.id]),
      );
    }
    await Promise.all(callers);
    const offers = await t.database.db
      .select()
      .from(waitlistOffers)
      .where(eq(waitlistOffers.scheduleId, s.id));
    expect(offers).toHaveLength(3);
    expect(new Set(offers.map((o) => o.entryId)).size).toBe(3);
    const counts = (await seatCountsBySchedule(t.app.db, [s.id], new Date())).get(s.id);
    expect(counts?.held).toBe(3);
  });
});
