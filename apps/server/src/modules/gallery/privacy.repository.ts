import { type SQL, sql } from 'drizzle-orm';
import { attendeeProfiles } from '../users/users.tables';
import { comments, posts } from './gallery.tables';
import { type GalleryViewer, isStaff } from './gallery-viewer';

// WHO SEES WHAT IN THE GALLERY: the one place the rule is written, as SQL conditions the gallery's
// repositories put in their queries (docs/architecture.md#gallery-privacy,
// decision 037). Every list, the single-post check, comments, feedback and reports filter through
// these SQL conditions, so a list can never show what GET /posts/{id} would answer 404 for.
//
// The conditions read the columns of `posts` and `attendee_profiles` (the post's student) of the
// enclosing query: every query using them joins attendee_profiles on posts.attendee_profile_id.
//
// A student's work is seen by
// - the family (the account owning the attendee profile) and admins, always;
// - teachers of a schedule the student is enrolled in, or of the post's own schedule;
// - with visibility `classmates`: also families with a student enrolled in a schedule the student is
//   enrolled in (an active enrollment: a past term's stays active; a refunded one is cancelled and
//   does not count);
// - with visibility `public`: also anyone signed in, and guests (one public post by id).
// A hidden post is seen only by the family and staff. Anything else is 404, never 403.

/** The viewer's account owns the post's student. */
export function isFamilyOf(viewer: GalleryViewer): SQL {
  return viewer ? sql`(${attendeeProfiles.userId} = ${viewer.id})` : sql`false`;
}

/**
 * The student (attendee_profiles of the enclosing query) is actively enrolled in a schedule this
 * teacher teaches, or `scheduleColumn` (the post's schedule) is one they teach.
 */
export function teachesStudent(teacherId: number, scheduleColumn: SQL | typeof posts.scheduleId) {
  return sql`(exists (select 1 from enrollments ts_e join klass_group_schedules ts_s on ts_s.id = ts_e.schedule_id
      where ts_e.attendee_profile_id = ${attendeeProfiles.id} and ts_e.status = 'active' and ts_s.teacher_id = ${teacherId})
    or exists (select 1 from klass_group_schedules tp_s where tp_s.id = ${scheduleColumn} and tp_s.teacher_id = ${teacherId}))`;
}

/** One of the viewer's family members shares an (active) enrollment's schedule with the student. */
export function sharesScheduleWith(userId: number): SQL {
  return sql`exists (select 1 from enrollments cm_theirs
      join enrollments cm_mine on cm_mine.schedule_id = cm_theirs.schedule_id and cm_mine.status = 'active'
      join attendee_profiles cm_ap on cm_ap.id = cm_mine.attendee_profile_id
    where cm_theirs.attendee_profile_id = ${attendeeProfiles.id} and cm_theirs.status = 'active'
      and cm_ap.user_id = ${userId})`;
}

/**
 * The viewer may see the student's work (the student row of the enclosing query). With a post,
 * `postSchedule` is its schedule: its teacher sees it too.
 */
export function seesStudentWork(
  viewer: GalleryViewer,
  postSchedule: SQL | typeof posts.scheduleId = sql`null`,
): SQL {
  if (viewer?.role === 'admin') return sql`true`;
  const isPublic = sql`${attendeeProfiles.galleryVisibility} = 'public'`;
  if (!viewer) return sql`(${isPublic})`;
  const ways = [
    isFamilyOf(viewer),
    isPublic,
    sql`(${attendeeProfiles.galleryVisibility} = 'classmates' and ${sharesScheduleWith(viewer.id)})`,
  ];
  if (viewer.role === 'teacher') ways.push(teachesStudent(viewer.id, postSchedule));
  return sql`(${sql.join(ways, sql` or `)})`;
}

/** The viewer may see the post (posts and attendee_profiles of the enclosing query). */
export function seesPost(viewer: GalleryViewer): SQL {
  const student = seesStudentWork(viewer, posts.scheduleId);
  // Staff who see the student see hidden posts too (to show them again); so does the family.
  if (isStaff(viewer)) return student;
  return sql`(${student} and (${posts.hiddenAt} is null or ${isFamilyOf(viewer)}))`;
}

/**
 * The viewer may see the comment (comments of the enclosing query, on a post they see): staff see
 * every one; a pending comment only its author; a hidden one only the family (and staff).
 */
export function seesComment(viewer: GalleryViewer): SQL {
  if (isStaff(viewer)) return sql`true`;
  const approved = sql`${comments.status} = 'approved'`;
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
