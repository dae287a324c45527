import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePattern } from '../../lib/like-pattern';
import { userGroupMembers, userGroups } from './user-groups.tables';

export type UserGroupRow = typeof userGroups.$inferSelect;

/** A group with how many members it has. */
export type UserGroupWithCounts = UserGroupRow & { membersCount: number };

const nameFilter = (search?: string) =>
  search ? ilike(userGroups.name, likePattern(search)) : undefined;

// Counted in a subquery so a page of groups is one query whatever its size. The names are
// written out: Drizzle leaves columns unqualified in a one-table query, and an unqualified "id"
// inside the subquery would be the subquery's own.
const membersCount = sql<number>`(select count(*)::int from ${userGroupMembers} m where m.user_group_id = "user_groups"."id")`;
const withCounts = {
  id: userGroups.id,
  name: userGroups.name,
  createdAt: userGroups.createdAt,
  updatedAt: userGroups.updatedAt,
  membersCount,
};

/** A page of groups, each row also carrying how many groups match the filter in all. */
export function listUserGroupRows(
  db: Db,
  filter: { search?: string },
  page: { offset: number; limit: number },
): Promise<(UserGroupWithCounts & { total: number })[]> {
  return db
    .select({ ...withCounts, total: sql<number>`(count(*) over ())::int` })
    .from(userGroups)
    .where(nameFilter(filter.search))
    .orderBy(asc(sql`lower(${userGroups.name})`), asc(userGroups.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countUserGroupRows(db: Db, filter: { search?: string }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userGroups).where(nameFilter(filter.search));
  return row?.n ?? 0;
}

export async function findUserGroupRow(
  db: Db,
  id: number,
): Promise<UserGroupWithCounts | undefined> {
  const [row] = await db.select(withCounts).from(userGroups).where(eq(userGroups.id, id));
  return row;
}

export async function userGroupExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(eq(userGroups.id, id));
  return row !== undefined;
}

export async function insertUserGroupRow(db: Db, name: string): Promise<UserGroupRow> {
  const [row] = await db.insert(userGroups).values({ name }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUserGroupRow(
  db: Db,
  id: number,
  name: string,
): Promise<UserGroupRow | undefined> {
  const [row] = await db
    .update(userGroups)
    .set({ name, updatedAt: new Date() })
    .where(eq(userGroups.id, id))
    .returning();
  return row;
}

export async function deleteUserGroupRow(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(userGroups)
    .where(eq(userGroups.id, id))
    .returning({ id: userGroups.id });
  return rows.length > 0;
}

/**
 * The user ids of a group's members, as a subquery: the users module pages them by name
 * (`pageOfPeople`'s `amongIds`), so the page is cut in the database as before.
 */
export function memberIdsOf(db: Db, groupId: number) {
  return db
    .select({ userId: userGroupMembers.userId })
    .from(userGroupMembers)
    .where(eq(userGroupMembers.userGroupId, groupId));
}

/** Adds accounts to a group; one already in stays in once. */
export async function insertMemberRows(db: Db, groupId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(userGroupMembers)
    .values(userIds.map((userId) => ({ userGroupId: groupId, userId })))
    .onConflictDoNothing();
}

export async function deleteMemberRow(db: Db, groupId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(userGroupMembers)
    .where(and(eq(userGroupMembers.userGroupId, groupId), eq(userGroupMembers.userId, userId)))
    .returning({ id: userGroupMembers.id });
  return rows.length > 0;
}
