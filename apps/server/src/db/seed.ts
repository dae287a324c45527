import { sql } from 'drizzle-orm';
import { seedDemoClasses } from '../modules/classes/classes.seed';
import { seedDemoNotifications } from '../modules/notifications/notifications.seed';
import { hashPassword } from '../modules/users/passwords';
import { attendeeProfiles, users } from '../modules/users/users.tables';
import type { Db } from './client';
import { DEMO_ACCOUNTS } from './demo-accounts';

/** Seeds the demo data when the database has no user yet; returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db);
  return true;
}

export async function seedDemo(db: Db): Promise<void> {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  await db.transaction(async (tx) => {
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          name: account.name,
          passwordHash: hashes[i] as string,
          role: account.role,
          timezone: 'America/New_York',
          confirmedAt: new Date(),
        })
        .returning({ id: users.id });
      if (user && account.attendees.length > 0) {
        await tx
          .insert(attendeeProfiles)
          .values(account.attendees.map((a) => ({ ...a, userId: user.id })));
      }
    }
  });
  await seedDemoNotifications(db);
  await seedDemoClasses(db);
}
