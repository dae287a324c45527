import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemoUsers } from '../users';
import { attendeeProfiles } from '../users/users.tables';
import { DEMO_GUEST_CUSTOMERS, seedDemoGuestCustomers } from './customers.seed';
import { guestCustomers } from './customers.tables';

describe('demo seed of walk-in customers', { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoUsers(t.database.db);
    // Twice: a second run changes nothing.
    await seedDemoGuestCustomers(t.database.db);
    await seedDemoGuestCustomers(t.database.db);
  }, 60_000);
  afterAll(() => t.close());

  it('makes each demo walk-in once, with one attendee of their own and the admin as creator', async () => {
    const guests = await t.database.db.select().from(guestCustomers);
    expect(guests.map((g) => g.name).sort()).toEqual(
      DEMO_GUEST_CUSTOMERS.map((d) => d.name).sort(),
    );
    expect(guests.every((g) => g.createdById !== null && g.userId === null)).toBe(true);
    const attendees = await t.database.db
      .select()
      .from(attendeeProfiles)
      .where(isNotNull(attendeeProfiles.guestCustomerId));
    expect(attendees).toHaveLength(DEMO_GUEST_CUSTOMERS.length);
    expect(attendees.every((a) => a.userId === null)).toBe(true);
  });
});
