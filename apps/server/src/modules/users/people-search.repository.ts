import type { Role, Translations } from '@atelier/contract';
import {
  and,
  asc,
  eq,
  ilike,
  inArray,
  notInArray,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { likePattern } from '../../lib/like-pattern';
import { type DbExecutor, type Person, userResourceColumns } from './users.repository';
import { users } from './users.tables';

export type PeopleFilters = {
  /** In the name or the e-mail, case-insensitive. */
  keyword?: string;
  exceptIds?: number[];
  role?: Role;
  /**
   * Only the users whose ids this subquery answers: a select over the caller's own tables (a
   * group's members, the families a teacher teaches), so the page is still cut here, by name.
   */
  amongIds?: SQLWrapper;
  /**
   * A condition on `users` of the caller's own. It names the users table, which only this module
   * may (docs/architecture.md#where-the-rules-do-not-hold-yet): prefer `amongIds`.
   */
  among?: SQL;
};

function peopleWhere(filters: PeopleFilters): SQL | undefined {
  const exceptIds = filters.exceptIds ?? [];
  return and(
    filters.keyword
      ? or(
          ilike(users.name, likePattern(filters.keyword)),
          ilike(users.email, likePattern(filters.keyword)),
        )
      : undefined,
    exceptIds.length > 0 ? notInArray(users.id, exceptIds) : undefined,
    filters.role ? eq(users.role, filters.role) : undefined,
    filters.amongIds ? inArray(users.id, filters.amongIds) : undefined,
    filters.among,
  );
}

/**
 * One page of users matching the filters, ordered by name then id, and the number of matches,
 * in one statement (the window count is taken before LIMIT).
 */
export async function findPeoplePage(
  db: DbExecutor,
  filters: PeopleFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: Person[]; total: number }> {
  const where = peopleWhere(filters);
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

/** One page of users matching the filters, ordered by name then id, without the total. */
export function findPeopleRows(
  db: DbExecutor,
  filters: PeopleFilters,
  page: { limit: number; offset: number },
): Promise<Person[]> {
  return db
    .select(userResourceColumns)
    .from(users)
    .where(peopleWhere(filters))
    .orderBy(asc(users.name), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** What the public site shows of a teacher: never the e-mail address. */
export type InstructorRow = {
  id: number;
  name: string;
  avatarKey: string | null;
  bio: string | null;
  /** The bio in the other languages; the caller picks the reader's. */
  translations: Translations<'bio'>;
};

/**
 * Every teacher, and every admin whose id `teacherIds` (a subquery of the caller's) answers, by
 * name then id: one statement.
 */
export function findInstructors(
  executor: DbExecutor,
  teacherIds: SQLWrapper,
): Promise<InstructorRow[]> {
  return executor
    .select({
      id: users.id,
      name: users.name,
      avatarKey: users.avatarKey,
      bio: users.bio,
      translations: users.translations,
    })
    .from(users)
    .where(
      or(eq(users.role, 'teacher'), and(eq(users.role, 'admin'), inArray(users.id, teacherIds))),
    )
    .orderBy(asc(users.name), asc(users.id));
}
