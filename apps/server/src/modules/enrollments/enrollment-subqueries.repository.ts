import { and, eq, exists, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import { enrollments } from './enrollments.tables';

// Active enrollments as conditions another module embeds in its own statement, so a list that
// filters by who takes which class (the gallery's privacy rules) still pages and counts in one
// statement while only this module names the enrollments table
// (docs/decisions/060-owners-answer-for-their-rows.md). Each condition reads the caller's columns
// given as SQL (a student's id, a schedule's id, a subquery of ids); the aliases keep the
// enrollments of one condition apart from another's when they nest.

const qb = new QueryBuilder();

// Written as a literal, not a parameter: the one-active-enrollment index is partial on it, and a
// generic plan can use that index only when the condition is in the statement's text.
const isActive = (e: { status: SQLWrapper }) => sql`${e.status} = 'active'`;

/** The student (an attendee profile id of the caller's statement) is actively enrolled in `schedule`. */
export function activelyEnrolledIn(student: SQLWrapper, schedule: SQLWrapper): SQL {
  const e = alias(enrollments, 'ae_in');
  return exists(
    qb
      .select({ one: sql`1` })
      .from(e)
      .where(and(eq(e.attendeeProfileId, student), eq(e.scheduleId, schedule), isActive(e))),
  );
}

/** The student is actively enrolled in one of `schedules` (a subquery of schedule ids). */
export function activelyEnrolledInAnyOf(student: SQLWrapper, schedules: SQLWrapper): SQL {
  const e = alias(enrollments, 'ae_any');
  return exists(
    qb
      .select({ one: sql`1` })
      .from(e)
      .where(and(eq(e.attendeeProfileId, student), isActive(e), inArray(e.scheduleId, schedules))),
  );
}

/**
 * The student shares a schedule with one of `attendees` (a subquery of attendee profile ids, such
 * as a family's), both actively enrolled: classmates.
 */
export function sharesActiveScheduleWith(student: SQLWrapper, attendees: SQLWrapper): SQL {
  const theirs = alias(enrollments, 'cm_theirs');
  const mine = alias(enrollments, 'cm_mine');
  return exists(
    qb
      .select({ one: sql`1` })
      .from(theirs)
      .innerJoin(mine, and(eq(mine.scheduleId, theirs.scheduleId), isActive(mine)))
      .where(
        and(
          eq(theirs.attendeeProfileId, student),
          isActive(theirs),
          inArray(mine.attendeeProfileId, attendees),
        ),
      ),
  );
}
