import {
  listDocument,
  USER_GROUP_MESSAGES,
  type UserGroupDocument,
  type UserGroupListDocument,
  type UserGroupMemberListDocument,
  type UserGroupResource,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, notFound, ValidationError } from '../../lib/app-error';
import { pageMeta, pageWindow } from '../../lib/http';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import { pageOfPeople, peopleByIds, userResource } from '../users';
import {
  countUserGroupRows,
  deleteMemberRow,
  deleteUserGroupRow,
  findUserGroupRow,
  insertMemberRows,
  insertUserGroupRow,
  listUserGroupRows,
  memberIdsOf,
  type UserGroupWithCounts,
  updateUserGroupRow,
  userGroupExists,
} from './user-groups.repository';

/** What the user-groups services need from the app. */
export type UserGroupsContext = {
  db: Db;
  /** A stored avatar key → the URL members' avatars are shown from. */
  avatarUrl: (key: string) => string;
  /**
   * Group id → how many coupons are kept for it (absent: none). The coupons module answers: it
   * sits above this one (a coupon names its group), so app.ts passes its function down.
   */
  couponsPerGroup: (groupIds: number[]) => Promise<Map<number, number>>;
};

type UserGroupWithUses = UserGroupWithCounts & { couponsCount: number };

async function withCouponCounts(
  ctx: UserGroupsContext,
  rows: UserGroupWithCounts[],
): Promise<UserGroupWithUses[]> {
  if (rows.length === 0) return [];
  const coupons = await ctx.couponsPerGroup(rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, couponsCount: coupons.get(r.id) ?? 0 }));
}

async function findGroup(ctx: UserGroupsContext, id: number): Promise<UserGroupWithUses | null> {
  const row = await findUserGroupRow(ctx.db, id);
  return row ? ((await withCouponCounts(ctx, [row]))[0] ?? null) : null;
}

function userGroupResource(row: UserGroupWithUses): UserGroupResource {
  return {
    id: String(row.id),
    type: 'user_groups',
    attributes: {
      name: row.name,
      members_count: row.membersCount,
      coupons_count: row.couponsCount,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    },
  };
}

const nameTaken = () =>
  new ValidationError([{ field: 'name', detail: USER_GROUP_MESSAGES.nameTaken }]);

/** The unique index on lower(name) decides, so two racing requests cannot both take a name. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

async function groupDocument(ctx: UserGroupsContext, id: number): Promise<UserGroupDocument> {
  const row = await findGroup(ctx, id);
  if (!row) throw notFound('User group');
  return { data: userGroupResource(row) };
}

export async function listUserGroups(
  ctx: UserGroupsContext,
  query: { page: number; search?: string },
): Promise<UserGroupListDocument> {
  const filter = { search: query.search || undefined };
  // The page carries the total; only a page past the end needs counting apart.
  const rows = await listUserGroupRows(ctx.db, filter, pageWindow(query.page));
  const total = rows[0]?.total ?? (query.page > 1 ? await countUserGroupRows(ctx.db, filter) : 0);
  const groups = await withCouponCounts(ctx, rows);
  return listDocument(groups.map(userGroupResource), pageMeta(query.page, total));
}

export function getUserGroup(ctx: UserGroupsContext, id: number): Promise<UserGroupDocument> {
  return groupDocument(ctx, id);
}

export async function createUserGroup(
  ctx: UserGroupsContext,
  fields: { name: string },
): Promise<UserGroupDocument> {
  const row = await uniqueName(() => insertUserGroupRow(ctx.db, fields.name));
  return groupDocument(ctx, row.id);
}

export async function renameUserGroup(
  ctx: UserGroupsContext,
  id: number,
  fields: { name: string },
): Promise<UserGroupDocument> {
  const row = await uniqueName(() => updateUserGroupRow(ctx.db, id, fields.name));
  if (!row) throw notFound('User group');
  return groupDocument(ctx, id);
}

const groupInUse = (coupons: number) =>
  new AppError('conflict', USER_GROUP_MESSAGES.inUse(coupons), { coupons });

/** A group a coupon is kept for cannot go: the coupon would silently apply to everyone. */
export async function deleteUserGroup(ctx: UserGroupsContext, id: number): Promise<void> {
  const row = await findGroup(ctx, id);
  if (!row) throw notFound('User group');
  if (row.couponsCount > 0) throw groupInUse(row.couponsCount);
  try {
    await deleteUserGroupRow(ctx.db, id);
  } catch (error) {
    // A coupon took the group between the check and the delete: its foreign key refuses.
    if (isForeignKeyViolation(error)) throw groupInUse(1);
    throw error;
  }
}

export async function listMembers(
  ctx: UserGroupsContext,
  id: number,
  query: { page: number },
): Promise<UserGroupMemberListDocument> {
  const group = await findUserGroupRow(ctx.db, id);
  if (!group) throw notFound('User group');
  // The members are the group's, their names the users module's: it pages them by name.
  const rows = await pageOfPeople(
    ctx.db,
    { amongIds: memberIdsOf(ctx.db, id) },
    pageWindow(query.page),
  );
  return listDocument(
    rows.map((row) => userResource(row, ctx.avatarUrl)),
    pageMeta(query.page, group.membersCount),
  );
}

const unknownUsers = () =>
  new ValidationError([{ field: 'user_ids', detail: USER_GROUP_MESSAGES.unknownUsers }]);

/** Adds accounts to a group (those already in stay in once); answers the group. */
export async function addMembers(
  ctx: UserGroupsContext,
  id: number,
  userIds: number[],
): Promise<UserGroupDocument> {
  if (!(await userGroupExists(ctx.db, id))) throw notFound('User group');
  const unique = [...new Set(userIds)];
  const known = await peopleByIds(ctx.db, unique);
  if (unique.some((userId) => !known.has(userId))) throw unknownUsers();
  try {
    await insertMemberRows(ctx.db, id, unique);
  } catch (error) {
    // The group or an account was deleted since the checks above.
    if (isForeignKeyViolation(error)) {
      if (!(await userGroupExists(ctx.db, id))) throw notFound('User group');
      throw unknownUsers();
    }
    throw error;
  }
  return groupDocument(ctx, id);
}

export async function removeMember(
  ctx: UserGroupsContext,
  id: number,
  userId: number,
): Promise<void> {
  if (!(await deleteMemberRow(ctx.db, id, userId))) throw notFound('Member');
}
