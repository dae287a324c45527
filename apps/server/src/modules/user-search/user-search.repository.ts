import type { Role } from '@atelier/contract';
import { and, asc, eq, ilike, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePattern } from '../../lib/like-pattern';
import { userResourceColumns } from '../users';
import { users } from '../users/users.tables';

export type UserSearchRow = Pick<
  typeof users.$inferSelect,
  'id' | 'name' | 'email' | 'role' | 'timezone' | 'locale' | 'avatarKey'
>;

export type UserSearchFilters = {
  /** In the name or the e-mail, case-insensitive. */
  keyword?: string;
  exceptIds?: number[];
  role?: Role;
  /** A condition on `users` of the caller's own (the families a teacher teaches, say). */
  among?: SQL;
};

/**
 * One page of users matching the filters, ordered by name then id, and the number of matches,
 * in one statement (the window count is taken before LIMIT).
 */
export async function searchUsers(
  db: Db,
  filters: UserSearchFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: UserSearchRow[]; total: number }> {
  const exceptIds = filters.exceptIds ?? [];
  const where = and(
    filters.keyword
      ? or(
          ilike(users.name, likePattern(filters.keyword)),
          ilike(users.email, likePattern(filters.keyword)),
        )
      : undefined,
    exceptIds.length > 0 ? notInArray(users.id, exceptIds) : undefined,
    filters.role ? eq(users.role, filters.role) : undefined,
    filters.among,
  );
  const rows = await db
    .select({ ...userResourceColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length > 0 || page.offset === 0) {
    return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
  }
  // Past the last page: no row carries the window count, so count on its own.
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(where);
  return { rows: [], total: count?.n ?? 0 };
}
