import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../users/users.tables';
import { userGroupMembers, userGroups } from './user-groups.tables';

/** The demo group: the drawer's "Manage User Group" opens /user_groups/1, so it is made first. */
export const DEMO_USER_GROUP = {
  name: 'Scholarship families',
  members: ['student@atelier.test', 'parent@atelier.test'],
} as const;

/**
 * Seeds the demo user group with the demo student and parent in it. Running it again changes
 * nothing (the name and each membership are unique).
 */
export async function seedDemoUserGroups(db: Db): Promise<void> {
  await db.insert(userGroups).values({ name: DEMO_USER_GROUP.name }).onConflictDoNothing();
  const [group] = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(sql`lower(${userGroups.name}) = lower(${DEMO_USER_GROUP.name})`);
  if (!group) return;
  const members = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, [...DEMO_USER_GROUP.members]));
  if (members.length === 0) return;
  await db
    .insert(userGroupMembers)
    .values(members.map((m) => ({ userGroupId: group.id, userId: m.id })))
    .onConflictDoNothing();
}
