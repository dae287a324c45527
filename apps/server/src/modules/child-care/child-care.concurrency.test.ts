import { FAMILY_API } from '@atelier/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast } from '../classes/classes-testing';
import { emergencyContacts } from './child-care.tables';

// Each save of a child's card replaces whole lists (docs/decisions/069-the-childs-card.md): saves
// racing from several tabs leave exactly one of them, never a mix, on PGlite and on PostgreSQL
// (TEST_DB=postgres runs this file again against DATABASE_URL).

describe('the child’s card under concurrency', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('12 racing saves of the contacts leave one save’s list whole', async () => {
    const mia = c.parent.attendees.mia;
    const lists = Array.from({ length: 12 }, (_, i) => [
      { name: `First ${i}`, phone: '+1 212 555 0100', relation: 'aunt' },
      { name: `Second ${i}`, phone: '+44 20 7946 0958', relation: 'uncle' },
    ]);
    const answers = await Promise.all(
      lists.map((list) =>
        t.app.inject({
          method: 'PUT',
          url: FAMILY_API.attendeeProfile(c.parent.id, mia),
          headers: as(c.parent),
          payload: { attendee_profile: { emergency_contacts: list } },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(lists.map(() => 200));
    const rows = await t.database.db
      .select()
      .from(emergencyContacts)
      .where(eq(emergencyContacts.attendeeProfileId, mia))
      .orderBy(asc(emergencyContacts.position));
    expect(rows).toHaveLength(2);
    const n = rows[0]?.name.replace('First ', '');
    expect(rows.map((r) => r.name)).toEqual([`First ${n}`, `Second ${n}`]);
  });
});
