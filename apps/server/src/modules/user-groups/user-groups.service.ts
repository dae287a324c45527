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
import { userResource } from '../users';
import {
  countUserGroupRows,
  deleteMemberRow,
  deleteUserGroupRow,
  existingUserIds,
  findUserGroupRow,
  insertMemberRows,
  insertUserGroupRow,
  listUserGroupRows,
  memberRows,
  type UserGroupWithCounts,
  updateUserGroupRow,
  userGroupExists,
} from './user-groups.repository';

/** What the user-groups services need from the app. */
export type UserGroupsContext = {
  db: Db;
  /** A stored avatar key → the URL members' avatars are shown from. */
  avatarUrl: (key: string) => string;
};

function userGroupResource(row: UserGroupWithCounts): UserGroupResource {
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

async function groupDocument(db: Db, id: number): Promise<UserGroupDocument> {
  const row = await findUserGroupRow(db, id);
  if (!row) throw notFound('User group');
  return { data: userGroupResource(row) };
}

export async function listUserGroups(
  ctx: UserGroupsContext,
  query: { page: number; search?: string },
): Promise<UserGroupListDocument> {
  const filter = { search: query.search || undefined };
  const [total, rows] = await Promise.all([
    countUserGroupRows(ctx.db, filter),
    listUserGroupRows(ctx.db, filter, pageWindow(query.page)),
  ]);
  return listDocument(rows.map(userGroupResource), pageMeta(query.page, total));
}

export function getUserGroup(ctx: UserGroupsContext, id: number): Promise<UserGroupDocument> {
  return groupDocument(ctx.db, id);
}

export async function createUserGroup(
  ctx: UserGroupsContext,
  fields: { name: string },
): Promise<UserGroupDocument> {
  const row = await uniqueName(() => insertUserGroupRow(ctx.db, fields.name));
  return groupDocument(ctx.db, row.id);
}

export async function renameUserGroup(
  ctx: UserGroupsContext,
  id: number,
  fields: { name: string },
): Promise<UserGroupDocument> {
  const row = await uniqueName(() => updateUserGroupRow(ctx.db, id, fields.name));
  if (!row) throw notFound('User group');
  return groupDocument(ctx.db, id);
}

const groupInUse = (coupons: number) =>
  new AppError('conflict', USER_GROUP_MESSAGES.inUse(coupons), { coupons });

/** A group a coupon is kept for cannot go: the coupon would silently apply to everyone. */
export async function deleteUserGroup(ctx: UserGroupsContext, id: number): Promise<void> {
  const row = await findUserGroupRow(ctx.db, id);
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
  const rows = await memberRows(ctx.db, id, pageWindow(query.page));
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
  const known = await existingUserIds(ctx.db, unique);
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
  return groupDocument(ctx.db, id);
}

export async function removeMember(
  ctx: UserGroupsContext,
  id: number,
  userId: number,
): Promise<void> {
  if (!(await deleteMemberRow(ctx.db, id, userId))) throw notFound('Member');
}
