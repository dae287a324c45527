import { inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { mediaReleaseWithheld } from '../agreements';
import { schedulesTaughtBy } from '../classes';
import { activelyEnrolledInAnyOf, sharesActiveScheduleWith } from '../enrollments';
import { attendeeIdsOfAccountQuery, attendeeIdsWithVisibilityQuery } from '../users';
import { comments, postStudents, posts } from './gallery.tables';
import { type GalleryViewer, isStaff } from './gallery-viewer';

// WHO SEES WHAT IN THE GALLERY: the one place the rule is written, as SQL conditions the gallery's
// repositories put in their queries (docs/architecture.md#gallery-privacy,
// decision 037). Every list, the single-post check, comments, feedback and reports filter through
// these SQL conditions, so a list can never show what GET /posts/{id} would answer 404 for.
//
// The conditions read the columns of `posts` of the enclosing query and the student's id (the
// post's attendee_profile_id unless given). What they need to know of the student is built by the
// module that owns it and embedded here, so every list still pages and counts in one statement:
// whose family and which visibility are subqueries of attendee ids from the users module, who is
// enrolled where are conditions from the enrollments module, and who teaches which schedule a
// subquery of schedule ids from the classes module.
//
// A student's work is seen by
// - the family (the account owning the attendee profile) and admins, always;
// - teachers of a schedule the student is enrolled in, or of the post's own schedule;
// - with visibility `classmates`: also families with a student enrolled in a schedule the student is
//   enrolled in (an active enrollment: a past term's stays active; a refunded one is cancelled and
//   does not count);
// - with visibility `public`: also anyone signed in, and guests (one public post by id).
// `classmates` and `public` count only while the school's media release allows it: once the school
// has published one, a student with no live signature of it (never signed, or withdrawn) is seen
// as if the family chose `family` (docs/decisions/070-agreements.md).
// A hidden post is seen only by the family and staff. Anything else is 404, never 403.
//
// A group photo (a post tagged with several students, post_students; decision 073) is seen by
// the family of EACH tagged student, and by anyone else only where the rule above lets them see
// EVERY tagged student's work: the strictest consent wins. The per-student condition is composed
// for each tag (`everyTagged`), never rewritten, so whatever decides one child's consent decides
// the group photo's too.

/** A student's id in the enclosing query: the post's, or a given one. */
export type StudentId = SQLWrapper;

/**
 * The family chose this visibility for the student and the media release allows it: the student's
 * effective visibility is `visibility` (decision 070).
 */
export function sharedAs(visibility: 'classmates' | 'public', student: StudentId): SQL {
  return sql`(${inArray(student, attendeeIdsWithVisibilityQuery(visibility))} and not ${mediaReleaseWithheld(student)})`;
}

/**
 * `condition` holds for the post's student and for every student it is tagged with. The tags'
 * condition is made two-valued (coalesce) before it is negated, so an unknown never passes.
 */
function everyTagged(condition: (student: StudentId) => SQL): SQL {
  const tag = postStudents.attendeeProfileId;
  return sql`(${condition(posts.attendeeProfileId)} and not exists (select 1 from ${postStudents} where ${postStudents.postId} = ${posts.id} and not coalesce(${condition(tag)}, false)))`;
}

/** `condition` holds for the post's student or for any student it is tagged with. */
function anyTagged(condition: (student: StudentId) => SQL): SQL {
  const tag = postStudents.attendeeProfileId;
  return sql`(${condition(posts.attendeeProfileId)} or exists (select 1 from ${postStudents} where ${postStudents.postId} = ${posts.id} and ${condition(tag)}))`;
}

/**
 * The viewer's account owns the student; without one, any student of the post (its own or one
 * of a group photo's tags): each tagged family is the post's family.
 */
export function isFamilyOf(viewer: GalleryViewer, student?: StudentId): SQL {
  if (!viewer) return sql`false`;
  const owns = (s: StudentId) => sql`(${inArray(s, attendeeIdsOfAccountQuery(viewer.id))})`;
  return student ? owns(student) : anyTagged(owns);
}

/**
 * The student is actively enrolled in a schedule this teacher teaches, or `scheduleColumn` (the
 * post's schedule) is one they teach.
 */
export function teachesStudent(
  teacherId: number,
  scheduleColumn: SQL | typeof posts.scheduleId,
  student: StudentId = posts.attendeeProfileId,
) {
  // `is not null` first: a post of no class is taught by nobody, false rather than unknown, so the
  // condition stays two-valued wherever it is negated or combined.
  const postTaught = sql`(${scheduleColumn} is not null and ${scheduleColumn} in ${schedulesTaughtBy(teacherId)})`;
  return sql`(${activelyEnrolledInAnyOf(student, schedulesTaughtBy(teacherId))} or ${postTaught})`;
}

/** One of the viewer's family members shares an (active) enrollment's schedule with the student. */
export function sharesScheduleWith(
  userId: number,
  student: StudentId = posts.attendeeProfileId,
): SQL {
  return sharesActiveScheduleWith(student, attendeeIdsOfAccountQuery(userId));
}

/**
 * The viewer may see the student's work (the post's student unless given). With a post,
 * `postSchedule` is its schedule: its teacher sees it too.
 */
export function seesStudentWork(
  viewer: GalleryViewer,
  postSchedule: SQL | typeof posts.scheduleId = sql`null`,
  student: StudentId = posts.attendeeProfileId,
): SQL {
  if (viewer?.role === 'admin') return sql`true`;
  const isPublic = sharedAs('public', student);
  if (!viewer) return sql`(${isPublic})`;
  const ways = [
    isFamilyOf(viewer, student),
    isPublic,
    sql`(${sharedAs('classmates', student)} and ${sharesScheduleWith(viewer.id, student)})`,
  ];
  if (viewer.role === 'teacher') ways.push(teachesStudent(viewer.id, postSchedule, student));
  return sql`(${sql.join(ways, sql` or `)})`;
}

/**
 * The viewer may see the post (posts of the enclosing query): the family of any of its students,
 * or whoever may see the work of every one of them (the strictest consent wins).
 */
export function seesPost(viewer: GalleryViewer): SQL {
  const everyStudent = everyTagged((s) => seesStudentWork(viewer, posts.scheduleId, s));
  const family = isFamilyOf(viewer);
  const student = viewer ? sql`(${family} or ${everyStudent})` : everyStudent;
  // Staff who see the student see hidden posts too (to show them again); so does the family.
  if (isStaff(viewer)) return student;
  return sql`(${student} and (${posts.hiddenAt} is null or ${family}))`;
}

/**
 * The student's work is shared beyond the family (classmates or public), as the family chose and
 * the media release allows.
 */
function sharedBeyondFamily(student: StudentId): SQL {
  return sql`(${sharedAs('public', student)} or ${sharedAs('classmates', student)})`;
}

/**
 * The post's pictures may be seen outside the family and staff: every one of its students' work
 * is shared beyond the family (a shared image address keeps serving; shared-files.ts).
 */
export function postSharedBeyondFamily(): SQL {
  return everyTagged(sharedBeyondFamily);
}

/**
 * A group photo held back by one child's consent: its tagged students' effective visibilities (the
 * family's choice as the media release allows it) differ, so the photo is seen less widely than some of them chose. Staff see it marked,
 * to crop or re-tag it (decision 073).
 */
export function heldBack(): SQL {
  const effective: ((student: StudentId) => SQL)[] = [
    (student) => sql`not ${sharedBeyondFamily(student)}`,
    (student) => sharedAs('classmates', student),
    (student) => sharedAs('public', student),
  ];
  const chosen = effective.map(
    (is) =>
      sql`(exists (select 1 from ${postStudents} where ${postStudents.postId} = ${posts.id} and coalesce(${is(postStudents.attendeeProfileId)}, false)))::int`,
  );
  return sql`((${sql.join(chosen, sql` + `)}) > 1)`;
}

/** The post is one of the student's: its own, or a group photo they are tagged in. */
export function postOfStudent(studentId: number): SQL {
  return anyTagged((s) => sql`(${s} = ${studentId})`);
}

/**
 * The viewer may see the comment (comments of the enclosing query, on a post they see): staff see
 * every one; a pending comment only its author, unless it is an edit of an approved one (others
 * then see the approved text, comments.repository.ts); a hidden one only the family (and staff).
 */
export function seesComment(viewer: GalleryViewer): SQL {
  if (isStaff(viewer)) return sql`true`;
  const approved = sql`(${comments.status} = 'approved' or ${comments.approvedBody} is not null)`;
  if (!viewer) return sql`(${approved} and ${comments.hiddenAt} is null)`;
  const approvedOrOwn = sql`(${approved} or ${comments.authorId} = ${viewer.id})`;
  return sql`(${approvedOrOwn} and (${comments.hiddenAt} is null or ${isFamilyOf(viewer)}))`;
}

/** The viewer may give feedback on the post: admins, and teachers of the student or the post's class. */
export function givesFeedback(viewer: GalleryViewer): SQL {
  if (viewer?.role === 'admin') return sql`true`;
  if (viewer?.role !== 'teacher') return sql`false`;
  return teachesStudent(viewer.id, posts.scheduleId);
}
