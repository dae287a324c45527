import { TRANSFERS_API } from '@atelier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, person, scheduleBody } from '../classes/classes-testing';
import { enrollments } from '../enrollments/enrollments.tables';
import { ledgerEntries } from '../ledger/ledger.tables';
import { attendeeProfiles } from '../users/users.tables';
import { enrollmentTransfers } from './transfers.tables';
import { enrolled, twoSchedules } from './transfers-testing';

// Transfers keep the ledger's invariants (docs/decisions/062-family-ledger.md,
// docs/decisions/078-transfers.md) over generated histories driven through the real route:
// children moved back and forth between schedules of different lengths and capacities. After
// each history: the family's balance is the sum of the transfers' differences (each written as
// one charge or one credit, none for 0, signed as its kind says); each child has exactly one
// active place; no schedule holds more children than its capacity.

const history = fc.record({
  /** Sundays ending on these dates: 13, 8, 4 sessions and so on. */
  ends: fc.array(fc.constantFrom('2030-01-26', '2030-02-23', '2030-03-30', '2030-02-02'), {
    minLength: 2,
    maxLength: 3,
  }),
  capacities: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 3, maxLength: 3 }),
  moves: fc.array(fc.record({ kid: fc.integer({ min: 0, max: 1 }), to: fc.nat(3) }), {
    minLength: 1,
    maxLength: 6,
  }),
});

describe('transfers and the ledger (property)', { timeout: 600_000 }, () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('balance = Σ differences, one place per child, no schedule over capacity', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (h) => {
        const family = await person(t, 'student', 'Prop Family');
        const kids = await t.database.db
          .insert(attendeeProfiles)
          .values([
            { userId: family.id, name: 'Kid A' },
            { userId: family.id, name: 'Kid B' },
          ])
          .returning({ id: attendeeProfiles.id });
        const s = await twoSchedules(t, c, { fromSchedule: { capacity: 2 } });
        const schedules = [s.fromId, s.toId];
        const capacity = new Map([
          [s.fromId, 2],
          [s.toId, 10],
        ]);
        for (const [i, end] of h.ends.entries()) {
          const cap = h.capacities[i] ?? 1;
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/v1/klass_groups/${s.groupId}/schedules`,
            headers: as(c.admin),
            payload: scheduleBody(c.teacher.id, [s.planId], {
              name: `S${i}`,
              end_date: end,
              capacity: cap,
            }),
          });
          const id = Number(res.json().data.id);
          schedules.push(id);
          capacity.set(id, cap);
        }
        const place = new Map<number, number>();
        for (const kid of kids) place.set(kid.id, await enrolled(t, s.fromId, kid.id));
        let expected = 0;
        for (const m of h.moves) {
          const kid = kids[m.kid]?.id ?? 0;
          const to = schedules[m.to % schedules.length] ?? s.toId;
          const res = await t.app.inject({
            method: 'POST',
            url: TRANSFERS_API.adminTransfer(place.get(kid) ?? 0),
            headers: as(c.admin),
            payload: { schedule_id: String(to), plan_id: String(s.planId) },
          });
          // Refused moves (same class, full, already there) change nothing: 422, never 500.
          expect([201, 422]).toContain(res.statusCode);
          if (res.statusCode === 201) {
            const a = res.json().data.attributes;
            expect(a.difference).toBe(a.new_price - a.old_value);
            expected += a.difference;
            place.set(kid, Number(a.new_enrollment_id));
          }
        }
        const entries = await t.database.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.userId, family.id));
        expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(expected);
        for (const e of entries) {
          expect(e.kind === 'charge' ? e.amount > 0 : e.kind === 'credit' && e.amount < 0).toBe(
            true,
          );
        }
        const moved = await t.database.db
          .select()
          .from(enrollmentTransfers)
          .where(
            inArray(
              enrollmentTransfers.attendeeProfileId,
              kids.map((k) => k.id),
            ),
          );
        expect(entries).toHaveLength(moved.filter((m) => m.difference !== 0).length);
        for (const kid of kids) {
          const active = await t.database.db
            .select()
            .from(enrollments)
            .where(
              and(eq(enrollments.attendeeProfileId, kid.id), eq(enrollments.status, 'active')),
            );
          expect(active.map((a) => a.id)).toEqual([place.get(kid.id)]);
        }
        for (const id of schedules) {
          const active = await t.database.db
            .select()
            .from(enrollments)
            .where(and(eq(enrollments.scheduleId, id), eq(enrollments.status, 'active')));
          expect(active.length).toBeLessThanOrEqual(capacity.get(id) ?? 0);
        }
      }),
      { numRuns: 8 },
    );
  });
});
