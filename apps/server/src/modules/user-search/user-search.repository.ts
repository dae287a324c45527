import type { Role } from '@atelier/contract';
import { and, asc, eq, ilike, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../users/users.tables';

export type UserSearchRow = Pick<
  typeof users.$inferSelect,
  'id' | 'name' | 'email' | 'role' | 'timezone' | 'locale' | 'avatarKey'
>;

/** `50%_off\` matches literally: LIKE's wildcards and its escape character are escaped. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of users matching the filters, ordered by name then id, and the number of matches,
 * in one statement (the window count is taken before LIMIT).
 */
export async function searchUsers(
  db: Db,
  filters: { keyword?: string; exceptIds: number[]; role?: Role },
  page: { limit: number; offset: number },
): Promise<{ rows: UserSearchRow[]; total: number }> {
  const where = and(
    filters.keyword
      ? or(
          ilike(users.name, likePattern(filters.keyword)),
          ilike(users.email, likePattern(filters.keyword)),
        )
      : undefined,
    filters.exceptIds.length > 0 ? notInArray(users.id, filters.exceptIds) : undefined,
    filters.role ? eq(users.role, filters.role) : undefined,
  );
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      timezone: users.timezone,
      locale: users.locale,
      avatarKey: users.avatarKey,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
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
