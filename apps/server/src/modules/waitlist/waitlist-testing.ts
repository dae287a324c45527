import { WAITLIST_API } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { as, type Cast, type Person, programmeWithSchedule } from '../classes/classes-testing';
import { seatHolds } from '../enrollments/enrollments.tables';
import { users } from '../users/users.tables';

/** A published programme whose one schedule is full: `capacity` seats taken by one hold. */
export async function fullSchedule(
  t: TestApp,
  c: Cast,
  capacity: number,
  options: { programme?: Record<string, unknown>; schedule?: Record<string, unknown> } = {},
) {
  const s = await programmeWithSchedule(t, c, {
    programme: options.programme,
    schedule: { ...options.schedule, capacity },
  });
  const [row] = await t.database.db
    .insert(seatHolds)
    .values({
      scheduleId: Number(s.scheduleId),
      seats: capacity,
      expiresAt: new Date('2100-01-01T00:00:00Z'),
    })
    .returning({ id: seatHolds.id });
  if (!row) throw new Error('no hold');
  return { ...s, id: Number(s.scheduleId), holdId: row.id };
}

/** Frees `n` of the seats the filler hold of `fullSchedule` takes (all when it had `n`). */
export async function freeSeats(t: TestApp, holdId: number, n: number) {
  const [row] = await t.database.db.select().from(seatHolds).where(eq(seatHolds.id, holdId));
  if (!row) throw new Error('no hold');
  if (row.seats <= n) await t.database.db.delete(seatHolds).where(eq(seatHolds.id, holdId));
  else {
    await t.database.db
      .update(seatHolds)
      .set({ seats: row.seats - n })
      .where(eq(seatHolds.id, holdId));
  }
}

export const joinWaitlist = (
  t: TestApp,
  who: Person | undefined,
  scheduleId: number,
  seats: unknown,
) =>
  t.app.inject({
    method: 'POST',
    url: WAITLIST_API.scheduleWaitlist(scheduleId),
    headers: who ? as(who) : {},
    payload: { seats },
  });

/** Joins and answers the entry id, or throws. */
export async function joined(t: TestApp, who: Person, scheduleId: number, seats: number) {
  const res = await joinWaitlist(t, who, scheduleId, seats);
  if (res.statusCode !== 201) throw new Error(`join: ${res.body}`);
  return Number(res.json().data.id);
}

export async function emailOf(t: TestApp, who: Person): Promise<string> {
  const [row] = await t.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, who.id));
  return row?.email ?? '';
}
