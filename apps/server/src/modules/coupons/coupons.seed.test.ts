import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemoUserGroups } from '../user-groups';
import { userGroupMembers, userGroups } from '../user-groups/user-groups.tables';
import { seedDemoUsers } from '../users';
import { userIdByEmail } from '../users/users-testing';
import { couponLookup } from './coupon-lookup';
import { DEMO_COUPONS, seedDemoCoupons } from './coupons.seed';
import { coupons } from './coupons.tables';

describe('demo seed of user groups and coupons', { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoUsers(t.database.db);
    // Twice: a second run changes nothing.
    for (let run = 0; run < 2; run++) {
      await seedDemoUserGroups(t.database.db);
      await seedDemoCoupons(t.database.db);
    }
  }, 60_000);
  afterAll(() => t.close());

  const idOf = (email: string) => userIdByEmail(t.database.db, email);

  it('makes group 1, the one the drawer links to, with the demo student and parent in it', async () => {
    const groups = await t.database.db.select().from(userGroups);
    expect(groups.map((g) => [g.id, g.name])).toEqual([[1, 'Scholarship families']]);
    const members = await t.database.db
      .select({ userId: userGroupMembers.userId })
      .from(userGroupMembers);
    expect(members.map((m) => m.userId).sort()).toEqual(
      [await idOf('student@atelier.test'), await idOf('parent@atelier.test')].sort(),
    );
  });

  it('makes a coupon for everyone and one that prices for the group only', async () => {
    expect(await t.database.db.select().from(coupons)).toHaveLength(2);
    const lookup = couponLookup(t.database.db);
    const codes = [DEMO_COUPONS.welcome.code, DEMO_COUPONS.scholarship.code];
    const at = new Date();
    const student = await lookup(codes, { userId: await idOf('student@atelier.test'), at });
    expect([...student.keys()]).toEqual(codes);
    const teacher = await lookup(codes, { userId: await idOf('teacher@atelier.test'), at });
    expect([...teacher.keys()]).toEqual([DEMO_COUPONS.welcome.code]);
  });
});
