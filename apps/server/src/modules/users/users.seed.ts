import type { Db } from '../../db/client';
import { DEMO_ACCOUNTS } from '../../db/demo-accounts';
import { hashPassword } from './passwords';
import { insertUserRow } from './users.repository';
import { attendeeProfiles } from './users.tables';

/** The demo accounts README lists, with their attendee profiles, in one transaction. */
export async function seedDemoUsers(db: Db): Promise<void> {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  await db.transaction(async (tx) => {
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      const user = await insertUserRow(tx, {
        email: account.email,
        name: account.name,
        passwordHash: hashes[i] as string,
        role: account.role,
        bio: account.bio ?? null,
        timezone: 'America/New_York',
        confirmedAt: new Date(),
      });
      if (account.attendees.length > 0) {
        await tx
          .insert(attendeeProfiles)
          .values(account.attendees.map((a) => ({ ...a, userId: user.id })));
      }
    }
  });
}
