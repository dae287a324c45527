import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userGroupMembers } from './user-groups.tables';

/** Of these groups, the ones the user is a member of. */
export async function memberGroupIds(
  db: Db,
  userId: number,
  groupIds: number[],
): Promise<Set<number>> {
  const rows = await db
    .select({ groupId: userGroupMembers.userGroupId })
    .from(userGroupMembers)
    .where(
      and(eq(userGroupMembers.userId, userId), inArray(userGroupMembers.userGroupId, groupIds)),
    );
  return new Set(rows.map((r) => r.groupId));
}
