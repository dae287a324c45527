import { and, inArray, isNotNull } from 'drizzle-orm';
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
        translations: account.bioJa ? { ja: { bio: account.bioJa } } : {},
        timezone: 'America/New_York',
        // Demo addresses are made up, and end-to-end tests read the demo accounts' mail and
        // notifications: class reminders stay off until someone trying the demo turns them on
        // (docs/decisions/049-class-reminders.md).
        classReminders: 'off',
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

/** A demo account's attendee profile, as other modules' demo seeds refer to it. */
export type DemoAttendee = { id: number; name: string; userId: number };

/** The demo accounts' attendee profiles, by name (demo names are unique). */
export async function demoAttendees(db: Db): Promise<Map<string, DemoAttendee>> {
  const names = DEMO_ACCOUNTS.flatMap((a) => a.attendees.map((p) => p.name));
  if (names.length === 0) return new Map();
  const rows = await db
    .select({
      id: attendeeProfiles.id,
      name: attendeeProfiles.name,
      userId: attendeeProfiles.userId,
    })
    .from(attendeeProfiles)
    .where(and(inArray(attendeeProfiles.name, names), isNotNull(attendeeProfiles.userId)));
  return new Map(
    rows.flatMap((r) => (r.userId === null ? [] : [[r.name, { ...r, userId: r.userId }]])),
  );
}
