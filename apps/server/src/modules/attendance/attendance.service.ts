import {
  ATTENDANCE_MESSAGES,
  type AttendanceCounts,
  type AttendanceRollDocument,
  type AttendanceStatus,
  DEFAULT_LANGUAGE,
  type FamilyAttendanceListDocument,
  type FieldError,
  type Language,
  type ScheduleAttendanceDocument,
} from '@atelier/contract';
import { DateTime } from 'luxon';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound, ValidationError } from '../../lib/app-error';
import { pageMeta, pageWindow, type Viewer } from '../../lib/http';
import { nameInLanguage } from '../../lib/translated-content';
import { rollCareOf } from '../child-care';
import {
  type KlassOfSchedule,
  klassFactsByIds,
  klassPageOfSchedule,
  scheduleFactsByIds,
} from '../classes';
import { type AttendanceContext, attendsKlass } from './attendance.context';
import { marksOfKlasses, saveMarks } from './attendance.repository';

// Attendance (docs/product.md#attendance, decision 043): the session's teacher or an admin marks
// the attendees actively enrolled in its schedule, from the session's local day on; families read
// their own children's marks of past sessions; admins and the teacher read a schedule's matrix.

export type { AttendanceContext };

/** A session with what the rules need of its schedule and programme. */
type KlassFacts = {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
  scheduleId: number;
  scheduleName: string;
  teacherId: number;
  timeZone: string;
  klassGroupName: string;
};

/** The session, from the classes module, its names in `language`. */
async function klassFacts(
  db: Db,
  klassId: number,
  language: Language,
): Promise<KlassFacts | undefined> {
  const klass = (await klassFactsByIds(db, [klassId])).get(klassId);
  if (!klass) return undefined;
  return {
    id: klass.id,
    startsAt: klass.startsAt,
    endsAt: klass.endsAt,
    status: klass.status,
    scheduleId: klass.scheduleId,
    scheduleName: nameInLanguage(klass.schedule.name, klass.schedule.translations, language),
    teacherId: klass.schedule.teacherId,
    timeZone: klass.schedule.timeZone,
    klassGroupName: nameInLanguage(
      klass.schedule.klassGroup.name,
      klass.schedule.klassGroup.translations,
      language,
    ),
  };
}

/**
 * The first instant a session's marks are taken: the start of its local day in the schedule's
 * zone. Earlier, nobody knows who will come; a teacher taking the roll at 8:55 for a 9:00 class
 * must not be refused, nor one correcting it days later.
 */
export function markableFrom(startsAt: Date, zone: string): Date {
  return DateTime.fromJSDate(startsAt).setZone(zone).startOf('day').toJSDate();
}

const NO_CARE = { has_allergies: false, allergies: '', medical_notes: '', emergency_contacts: [] };

/** Admins see every roll; a teacher only the rolls of the schedules they teach. */
function checkTeaches(viewer: Viewer, teacherId: number) {
  if (viewer.role !== 'admin' && viewer.id !== teacherId) {
    throw forbidden('Only an admin or the teacher of this class can take its attendance.');
  }
}

async function findKlass(
  db: Db,
  viewer: Viewer,
  klassId: number,
  language: Language,
): Promise<KlassFacts> {
  const klass = await klassFacts(db, klassId, language);
  if (!klass) throw notFound('Session');
  checkTeaches(viewer, klass.teacherId);
  return klass;
}

async function rollDocument(
  ctx: AttendanceContext,
  viewer: Viewer,
  klass: KlassFacts,
): Promise<AttendanceRollDocument> {
  const [attendees, marks, extras] = await Promise.all([
    attendeesOfKlass(ctx, klass),
    marksOfKlasses(ctx.db, [klass.id]),
    ctx.reads.rollExtras(ctx.db, klass.id),
  ]);
  // The child's card for the session's teacher or an admin only (findKlass checked), every one of
  // them actively enrolled in the schedule; the read of medical notes is logged
  // (docs/decisions/069-the-childs-card.md).
  const care = await rollCareOf(
    ctx.db,
    viewer,
    attendees.map((a) => a.id),
  );
  const byAttendee = new Map(marks.map((m) => [m.attendeeProfileId, m]));
  const from = markableFrom(klass.startsAt, klass.timeZone);
  return {
    data: {
      id: String(klass.id),
      type: 'attendance_rolls',
      attributes: {
        starts_at: klass.startsAt.toISOString(),
        ends_at: klass.endsAt.toISOString(),
        klass_status: klass.status,
        time_zone: klass.timeZone,
        klass_group_name: klass.klassGroupName,
        schedule_name: klass.scheduleName,
        markable: klass.status === 'scheduled' && ctx.now() >= from,
        markable_from: from.toISOString(),
        attendees: attendees.map((a) => {
          const mark = byAttendee.get(a.id);
          return {
            attendee_profile_id: String(a.id),
            name: a.name,
            status: mark?.status ?? null,
            marked_at: mark ? mark.updatedAt.toISOString() : null,
            excused: extras.excused.has(a.id),
            makeup: a.makeup,
            trial: a.trial,
            drop_in: a.dropIn,
            ...(care.get(a.id) ?? NO_CARE),
          };
        }),
      },
    },
  };
}

/**
 * Who is on a session's roll: those actively enrolled whose enrollment covers it, then those
 * coming on a make-up credit (docs/product.md#absences-and-make-ups) or for a trial class
 * (docs/product.md#trial-classes), who are marked alike.
 */
async function attendeesOfKlass(
  ctx: AttendanceContext,
  klass: KlassFacts,
): Promise<{ id: number; name: string; makeup: boolean; trial: boolean; dropIn: boolean }[]> {
  const [enrolled, extras] = await Promise.all([
    ctx.reads.enrolledAttendees(ctx.db, klass.scheduleId),
    ctx.reads.rollExtras(ctx.db, klass.id),
  ]);
  const regular = enrolled
    .filter((a) => attendsKlass(a, klass.startsAt))
    .map((a) => ({ id: a.id, name: a.name, makeup: false, trial: false, dropIn: false }));
  // Each child once: enrolled first, then a make-up, a trial, a drop-in.
  const seen = new Set(regular.map((a) => a.id));
  const extra = (list: { id: number; name: string }[], kind: 'makeup' | 'trial' | 'dropIn') =>
    list.flatMap((a) => {
      if (seen.has(a.id)) return [];
      seen.add(a.id);
      return [
        { ...a, makeup: kind === 'makeup', trial: kind === 'trial', dropIn: kind === 'dropIn' },
      ];
    });
  return [
    ...regular,
    ...extra(extras.makeups, 'makeup'),
    ...extra(extras.trials, 'trial'),
    ...extra(extras.dropIns, 'dropIn'),
  ];
}

/**
 * A session's roll: everyone actively enrolled in its schedule whose enrollment starts at or
 * before it, with their mark or null.
 */
export async function getRoll(
  ctx: AttendanceContext,
  viewer: Viewer,
  klassId: number,
  language: Language,
): Promise<AttendanceRollDocument> {
  return rollDocument(ctx, viewer, await findKlass(ctx.db, viewer, klassId, language));
}

/**
 * Saves marks of a session and answers its roll. Refused with 409 for a cancelled session or
 * before the session's day; with 422 naming the entry for an attendee not actively enrolled.
 */
export async function markAttendance(
  ctx: AttendanceContext,
  viewer: Viewer,
  klassId: number,
  marks: { attendee_profile_id: number; status: AttendanceStatus | null }[],
  language: Language = DEFAULT_LANGUAGE,
): Promise<AttendanceRollDocument> {
  const klass = await findKlass(ctx.db, viewer, klassId, language);
  if (klass.status === 'cancelled') throw new AppError('conflict', ATTENDANCE_MESSAGES.cancelled);
  const now = ctx.now();
  const from = markableFrom(klass.startsAt, klass.timeZone);
  if (now < from) {
    throw new AppError('conflict', ATTENDANCE_MESSAGES.tooEarly, {
      markable_from: from.toISOString(),
    });
  }
  const enrolled = new Set((await attendeesOfKlass(ctx, klass)).map((a) => a.id));
  const errors: FieldError[] = [];
  marks.forEach((mark, i) => {
    if (!enrolled.has(mark.attendee_profile_id)) {
      // Named like the body's own field errors (plugins/errors.ts drops the `attendances` key).
      errors.push({ field: `${i}.attendee_profile_id`, detail: ATTENDANCE_MESSAGES.notEnrolled });
    }
  });
  if (errors.length > 0) throw new ValidationError(errors);
  await saveMarks(
    ctx.db,
    klass.id,
    marks.map((m) => ({ attendeeProfileId: m.attendee_profile_id, status: m.status })),
    viewer.id,
    now,
  );
  return rollDocument(ctx, viewer, klass);
}

/**
 * The signed-in family's children's attendance of sessions that have started (cancelled ones
 * left out), the latest first. Another family's child is not found (404).
 */
export async function familyAttendance(
  ctx: AttendanceContext,
  viewer: Viewer,
  query: { page: number; attendee_profile_id?: number; klass_id?: number },
  language: Language,
): Promise<FamilyAttendanceListDocument> {
  if (
    query.attendee_profile_id !== undefined &&
    !(await ctx.reads.isAttendeeOfFamily(ctx.db, query.attendee_profile_id, viewer.id))
  ) {
    throw notFound('Family member');
  }
  const { rows, total } = await ctx.reads.familyAttendancePage(
    ctx.db,
    {
      userId: viewer.id,
      attendeeProfileId: query.attendee_profile_id,
      klassId: query.klass_id,
      startedBy: ctx.now(),
    },
    pageWindow(query.page),
    language,
  );
  return {
    data: rows.map((row) => ({
      id: `${row.klassId}-${row.attendeeProfileId}`,
      type: 'attendances' as const,
      attributes: {
        klass_id: String(row.klassId),
        starts_at: row.startsAt.toISOString(),
        ends_at: row.endsAt.toISOString(),
        time_zone: row.timeZone,
        klass_group_name: row.klassGroupName,
        schedule_name: row.scheduleName,
        attendee_profile_id: String(row.attendeeProfileId),
        attendee_name: row.attendeeName,
        status: row.status,
      },
    })),
    meta: pageMeta(query.page, total),
  };
}

function countsOf(
  klass: KlassOfSchedule,
  marks: { status: AttendanceStatus }[],
  enrolled: number,
): AttendanceCounts {
  const counts = { present: 0, absent: 0, late: 0, unmarked: 0 };
  for (const mark of marks) counts[mark.status] += 1;
  if (klass.status === 'scheduled') counts.unmarked = enrolled - marks.length;
  return counts;
}

/**
 * A page of a schedule's sessions in time order, each with the marks of the attendees actively
 * enrolled now whose enrollment had started by it, and their counts. Five statements whatever the page holds.
 */
export async function scheduleAttendance(
  ctx: AttendanceContext,
  viewer: Viewer,
  scheduleId: number,
  page: number,
): Promise<ScheduleAttendanceDocument> {
  const schedule = (await scheduleFactsByIds(ctx.db, [scheduleId])).get(scheduleId);
  if (!schedule) throw notFound('Schedule');
  checkTeaches(viewer, schedule.teacherId);
  const [attendees, klassPage] = await Promise.all([
    ctx.reads.enrolledAttendees(ctx.db, scheduleId),
    klassPageOfSchedule(ctx.db, scheduleId, pageWindow(page)),
  ]);
  const byId = new Map(attendees.map((a) => [a.id, a]));
  // Marks of attendees no longer enrolled, or of sessions before their enrollment's first, stay
  // stored but out of the matrix, as on the roll.
  const klassStarts = new Map(klassPage.rows.map((k) => [k.id, k.startsAt]));
  const marks = (
    await marksOfKlasses(
      ctx.db,
      klassPage.rows.map((s) => s.id),
    )
  ).filter((m) => {
    const attendee = byId.get(m.attendeeProfileId);
    const startsAt = klassStarts.get(m.klassId);
    return attendee !== undefined && startsAt !== undefined && attendsKlass(attendee, startsAt);
  });
  const marksByKlass = new Map<number, typeof marks>();
  for (const mark of marks) {
    marksByKlass.set(mark.klassId, [...(marksByKlass.get(mark.klassId) ?? []), mark]);
  }
  return {
    data: klassPage.rows.map((klass) => {
      const own = marksByKlass.get(klass.id) ?? [];
      return {
        id: String(klass.id),
        type: 'attendance_klasses' as const,
        attributes: {
          starts_at: klass.startsAt.toISOString(),
          ends_at: klass.endsAt.toISOString(),
          klass_status: klass.status,
          counts: countsOf(
            klass,
            own,
            attendees.filter((a) => attendsKlass(a, klass.startsAt)).length,
          ),
          marks: own.map((m) => ({
            attendee_profile_id: String(m.attendeeProfileId),
            status: m.status,
          })),
        },
      };
    }),
    meta: {
      ...pageMeta(page, klassPage.total),
      time_zone: schedule.timeZone,
      attendees: attendees.map((a) => ({ id: String(a.id), name: a.name })),
    },
  };
}
