import { TRANSFERS_API } from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast } from '../classes/classes-testing';
import { enrollments } from '../enrollments/enrollments.tables';
import { enrolled, twoSchedules } from './transfers-testing';

// A transfer takes its seat under the schedule lock orders and make-ups take
// (docs/decisions/078-transfers.md): two moves into a last seat leave one, and one enrollment
// moved from two tabs at once moves once; on PGlite and PostgreSQL (TEST_DB=postgres).
describe('transfers under concurrency', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const move = (enrollmentId: number, scheduleId: number, planId: number) =>
    t.app.inject({
      method: 'POST',
      url: TRANSFERS_API.adminTransfer(enrollmentId),
      headers: as(c.admin),
      payload: { schedule_id: String(scheduleId), plan_id: String(planId) },
    });

  const activeIn = async (scheduleId: number) =>
    (
      await t.database.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.scheduleId, scheduleId), eq(enrollments.status, 'active')))
    ).length;

  it('two transfers into the last seat: exactly one gets it', async () => {
    const s = await twoSchedules(t, c, { toSchedule: { capacity: 1 } });
    const mia = await enrolled(t, s.fromId, c.parent.attendees.mia);
    const leo = await enrolled(t, s.fromId, c.parent.attendees.leo);
    const answers = await Promise.all([move(mia, s.toId, s.planId), move(leo, s.toId, s.planId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    expect(await activeIn(s.toId)).toBe(1);
    expect(await activeIn(s.fromId)).toBe(1);
  });

  it('one enrollment moved from 5 tabs at once moves once', async () => {
    const s = await twoSchedules(t, c);
    const id = await enrolled(t, s.fromId, c.parent.attendees.mia);
    const answers = await Promise.all(Array.from({ length: 5 }, () => move(id, s.toId, s.planId)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(await activeIn(s.toId)).toBe(1);
    expect(await activeIn(s.fromId)).toBe(0);
  });
});
