import type { OrderStatus } from '@atelier/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { klassGroupSchedules, klassGroups } from '../../modules/classes/classes.tables';
import { guestCustomers } from '../../modules/customers/customers.tables';
import { enrollments } from '../../modules/enrollments/enrollments.tables';
import { orders } from '../../modules/orders/orders.tables';
import { attendeeProfiles, users } from '../../modules/users/users.tables';

// The search dialog's reads (docs/product.md#search, decision 042): one statement per group, each
// LIMITed, matching a folded keyword anywhere in a folded column. Substring matches cannot use a
// b-tree index; at a school's size (thousands of people, tens of programmes) a bounded scan is
// cheap, and a trigram index is the step up if it ever is not.

/**
 * Latin letters with diacritics (Latin-1 Supplement and Latin Extended-A) and the base letter each
 * folds to, both cases: `translate()` maps one character to one, and a server whose ctype lowers
 * ASCII only still folds `É`. Built from Unicode's own decompositions rather than typed out.
 */
const FOLDS: [string, string] = (() => {
  let from = '';
  let to = '';
  for (let code = 0xc0; code <= 0x17f; code++) {
    const letter = String.fromCharCode(code);
    const base = letter.normalize('NFD').replace(/\p{M}/gu, '');
    if (base !== letter && /^[A-Za-z]$/.test(base)) {
      from += letter;
      to += base.toLowerCase();
    }
  }
  // Letters that Unicode does not decompose but every reader folds.
  return [`${from}ØøĐđŁłı`, `${to}ooddlli`];
})();

/** A keyword as the columns are compared: NFC, lower case, Latin diacritics dropped. */
export function foldKeyword(keyword: string): string {
  const [from, to] = FOLDS;
  let folded = '';
  for (const ch of keyword.normalize('NFC').toLowerCase()) {
    const at = from.indexOf(ch);
    folded += at >= 0 ? (to[at] ?? ch) : ch;
  }
  return folded;
}

/** `%`, `_` and `\` typed in a search are looked for as themselves (LIKE's default escape is `\`). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The column folded like foldKeyword folds the keyword. */
function folded(column: AnyPgColumn | SQL): SQL {
  return sql`translate(lower(${column}), ${FOLDS[0]}, ${FOLDS[1]})`;
}

/** The folded column holds the folded keyword anywhere. */
function contains(column: AnyPgColumn | SQL, needle: string): SQL {
  return sql`${folded(column)} like ${`%${escapeLike(needle)}%`}`;
}

/** 0 when the folded column starts with the keyword, else 1: prefix matches sort first. */
function prefixRank(column: AnyPgColumn | SQL, needle: string): SQL {
  return sql`(case when ${folded(column)} like ${`${escapeLike(needle)}%`} then 0 else 1 end)`;
}

export type ProgrammeRow = {
  id: number;
  name: string;
  slug: string;
  audience: 'kids' | 'adults' | 'all_ages';
  format: 'in_person' | 'online';
  published: boolean;
};

/** Programmes whose name holds the keyword; unpublished ones only when asked. */
export function findProgrammes(
  db: Db,
  needle: string,
  options: { unpublished: boolean; limit: number },
): Promise<ProgrammeRow[]> {
  return db
    .select({
      id: klassGroups.id,
      name: klassGroups.name,
      slug: klassGroups.slug,
      audience: klassGroups.audience,
      format: klassGroups.format,
      published: klassGroups.published,
    })
    .from(klassGroups)
    .where(
      and(
        contains(klassGroups.name, needle),
        options.unpublished ? undefined : eq(klassGroups.published, true),
      ),
    )
    .orderBy(prefixRank(klassGroups.name, needle), asc(klassGroups.name), asc(klassGroups.id))
    .limit(options.limit);
}

export type StudentRow = { id: number; name: string; family: string | null };

/**
 * Attendee profiles whose name holds the keyword, with their family's name (the account holder's,
 * or the walk-in's). `teacherId` keeps those actively enrolled in a schedule that teacher teaches,
 * the students whose work they see (decision 037).
 */
export function findStudents(
  db: Db,
  needle: string,
  options: { teacherId: number | null; limit: number },
): Promise<StudentRow[]> {
  return db
    .select({
      id: attendeeProfiles.id,
      name: attendeeProfiles.name,
      family: sql<string | null>`coalesce(${users.name}, ${guestCustomers.name})`,
    })
    .from(attendeeProfiles)
    .leftJoin(users, eq(users.id, attendeeProfiles.userId))
    .leftJoin(guestCustomers, eq(guestCustomers.id, attendeeProfiles.guestCustomerId))
    .where(
      and(
        contains(attendeeProfiles.name, needle),
        options.teacherId === null
          ? undefined
          : sql`exists (select 1 from ${enrollments} join ${klassGroupSchedules} on ${klassGroupSchedules.id} = ${enrollments.scheduleId}
              where ${enrollments.attendeeProfileId} = ${attendeeProfiles.id} and ${enrollments.status} = 'active'
                and ${klassGroupSchedules.teacherId} = ${options.teacherId})`,
      ),
    )
    .orderBy(
      prefixRank(attendeeProfiles.name, needle),
      asc(attendeeProfiles.name),
      asc(attendeeProfiles.id),
    )
    .limit(options.limit);
}

export type PersonRow = { id: number; name: string; email: string };

/** Users of one role whose name or e-mail holds the keyword. */
export function findUsersOfRole(
  db: Db,
  needle: string,
  options: { role: 'student' | 'teacher'; limit: number },
): Promise<PersonRow[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.role, options.role),
        sql`(${contains(users.name, needle)} or ${contains(users.email, needle)})`,
      ),
    )
    .orderBy(prefixRank(users.name, needle), asc(users.name), asc(users.id))
    .limit(options.limit);
}

export type TaughtSchedule = {
  id: number;
  klassGroupId: number;
  schedule: string;
  programme: string;
};

/**
 * For each teacher, the schedule they teach that starts last (ties: the newest): one statement
 * for all of them.
 */
export async function latestSchedules(
  db: Db,
  teacherIds: number[],
): Promise<Map<number, TaughtSchedule>> {
  if (teacherIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([klassGroupSchedules.teacherId], {
      teacherId: klassGroupSchedules.teacherId,
      id: klassGroupSchedules.id,
      klassGroupId: klassGroupSchedules.klassGroupId,
      schedule: klassGroupSchedules.name,
      programme: klassGroups.name,
    })
    .from(klassGroupSchedules)
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .where(
      sql`${klassGroupSchedules.teacherId} in (${sql.join(
        teacherIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(
      asc(klassGroupSchedules.teacherId),
      desc(klassGroupSchedules.startDate),
      desc(klassGroupSchedules.id),
    );
  return new Map(rows.map(({ teacherId, ...schedule }) => [teacherId, schedule]));
}

export type OrderRow = {
  id: number;
  status: OrderStatus;
  currency: string;
  total: number;
  createdAt: Date;
  customer: string | null;
};

/**
 * Orders whose number is `number`, or whose customer's (account or walk-in) name or e-mail holds
 * the keyword: the numbered order first, then the newest.
 */
export function findOrders(
  db: Db,
  needle: string,
  options: { number: number | null; limit: number },
): Promise<OrderRow[]> {
  const byNumber = options.number === null ? sql`false` : sql`${orders.id} = ${options.number}`;
  return db
    .select({
      id: orders.id,
      status: orders.status,
      currency: orders.currency,
      total: orders.total,
      createdAt: orders.createdAt,
      customer: sql<string | null>`coalesce(${users.name}, ${guestCustomers.name})`,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(guestCustomers, eq(guestCustomers.id, orders.guestCustomerId))
    .where(
      sql`(${byNumber} or ${contains(users.name, needle)} or ${contains(users.email, needle)}
        or ${contains(guestCustomers.name, needle)} or ${contains(sql`coalesce(${guestCustomers.email}, '')`, needle)})`,
    )
    .orderBy(
      sql`(case when ${byNumber} then 0 else 1 end)`,
      desc(orders.createdAt),
      desc(orders.id),
    )
    .limit(options.limit);
}
