import { eq } from 'drizzle-orm';
import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { klasses } from '../classes/classes.tables';
import { type Cast, programmeWithSchedule } from '../classes/classes-testing';
import { makeupCredits } from './makeups.tables';

/** A schedule made through the API and the ids of its sessions, in time order. */
export async function scheduleWithKlasses(
  t: TestApp,
  c: Cast,
  options: { programme?: Record<string, unknown>; schedule?: Record<string, unknown> } = {},
) {
  const made = await programmeWithSchedule(t, c, options);
  const rows = await t.database.db
    .select({ id: klasses.id, startsAt: klasses.startsAt })
    .from(klasses)
    .where(eq(klasses.scheduleId, Number(made.scheduleId)))
    .orderBy(klasses.startsAt);
  return { ...made, klassIds: rows.map((r) => r.id) };
}

/** A credit written straight to the table (what an absence or an admin would give). */
export async function giveCredit(
  t: TestApp,
  attendeeProfileId: number,
  expiresAt = new Date(Date.now() + 30 * 86_400_000),
): Promise<number> {
  const [row] = await t.database.db
    .insert(makeupCredits)
    .values({ attendeeProfileId, source: 'staff', expiresAt })
    .returning({ id: makeupCredits.id });
  if (!row) throw new Error('credit not written');
  return row.id;
}
