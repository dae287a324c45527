import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userIdsByEmail } from '../users';
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
  const groupId = await demoUserGroupId(db);
  if (groupId === undefined) return;
  const members = [...(await userIdsByEmail(db, DEMO_USER_GROUP.members)).values()];
  if (members.length === 0) return;
  await db
    .insert(userGroupMembers)
    .values(members.map((userId) => ({ userGroupId: groupId, userId })))
    .onConflictDoNothing();
}

/** The demo group's id, once seeded (names are unique whatever their case). */
export async function demoUserGroupId(db: Db): Promise<number | undefined> {
  const [group] = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(sql`lower(${userGroups.name}) = lower(${DEMO_USER_GROUP.name})`);
  return group?.id;
}
