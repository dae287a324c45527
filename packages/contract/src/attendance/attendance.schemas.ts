import { z } from 'zod';
import { idSchema } from '../common/id.schemas';
import { plainResourceObjectSchema } from '../common/json-api';
import { pageMetaSchema, pageQuerySchema } from '../common/page.schemas';
import { rollCareShape } from '../family/child-card.schemas';
import {
  ATTENDANCE_MAX_MARKS,
  ATTENDANCE_MESSAGES,
  ATTENDANCE_STATUSES,
} from './attendance.constants';

// Attendance (docs/product.md#attendance): the teacher of a session, or an admin, marks each
// attendee actively enrolled in its schedule present, absent or late; families read their
// children's marks of past sessions; admins read a schedule's sessions × attendees.

const statusSchema = z.enum(ATTENDANCE_STATUSES, { error: ATTENDANCE_MESSAGES.badStatus });
const klassStatusSchema = z.enum(['scheduled', 'cancelled']);

// The roll of one session

/** One attendee on a session's roll, with their mark (null: not marked yet). */
export const attendanceRollEntrySchema = z.object({
  attendee_profile_id: z.string(),
  name: z.string(),
  status: statusSchema.nullable(),
  /** When the mark was last changed (ISO 8601 instant), or null. */
  marked_at: z.string().nullable(),
  /** The family reported the absence before the session (docs/product.md#absences-and-make-ups). */
  excused: z.boolean(),
  /** Here on a make-up credit, not enrolled in the schedule. */
  makeup: z.boolean(),
  /** Here for a trial class of the programme (docs/product.md#trial-classes). */
  trial: z.boolean(),
  /** Here on a visit of a class pass (docs/product.md#class-passes-and-drop-ins). */
  drop_in: z.boolean().default(false),
  /**
   * The child's card as the roll shows it (docs/product.md#the-childs-card): the roll is only the
   * session's teacher's and admins', and each read of medical notes here is logged.
   */
  ...rollCareShape,
});
export type AttendanceRollEntry = z.infer<typeof attendanceRollEntrySchema>;

export const attendanceRollAttributesSchema = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  klass_status: klassStatusSchema,
  /** The schedule's zone: "the day of the session" is its local day there. */
  time_zone: z.string(),
  klass_group_name: z.string(),
  schedule_name: z.string(),
  /** Whether a save is taken now: the session is not cancelled and its day has come. */
  markable: z.boolean(),
  /** The first instant marks are taken: the start of the session's local day. */
  markable_from: z.string(),
  /** Everyone actively enrolled in the schedule, by name. */
  attendees: z.array(attendanceRollEntrySchema),
});
export type AttendanceRollAttributes = z.infer<typeof attendanceRollAttributesSchema>;

/** The roll of a session; its id is the session's (klass) id. */
export const attendanceRollResourceSchema = plainResourceObjectSchema(
  'attendance_rolls',
  attendanceRollAttributesSchema,
);
export const attendanceRollDocumentSchema = z.object({ data: attendanceRollResourceSchema });
export type AttendanceRollDocument = z.infer<typeof attendanceRollDocumentSchema>;

/** A roll as the web holds it after `flatten`. */
export const attendanceRollSchema = attendanceRollAttributesSchema.extend({
  id: z.string(),
  type: z.literal('attendance_rolls'),
});
export type AttendanceRoll = z.infer<typeof attendanceRollSchema>;

/**
 * `PUT /api/v1/klasses/{id}/attendances`: marks to save, each attendee at most once; `status: null`
 * takes a mark back. Attendees left out keep what they had.
 */
export const markAttendanceBodySchema = z.object({
  attendances: z
    .array(z.object({ attendee_profile_id: idSchema, status: statusSchema.nullable() }))
    .min(1, 'Mark at least one attendee')
    .max(ATTENDANCE_MAX_MARKS, `At most ${ATTENDANCE_MAX_MARKS} at a time`)
    .superRefine((marks, ctx) => {
      const seen = new Set<number>();
      marks.forEach((mark, i) => {
        if (seen.has(mark.attendee_profile_id)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'attendee_profile_id'],
            message: ATTENDANCE_MESSAGES.listedTwice,
          });
        }
        seen.add(mark.attendee_profile_id);
      });
    }),
});
export type MarkAttendanceBody = z.input<typeof markAttendanceBodySchema>;

// A family's attendance

/** `GET /api/v1/attendances`: the family's own children only; either filter narrows the list. */
export const familyAttendanceQuerySchema = pageQuerySchema.extend({
  attendee_profile_id: idSchema.optional(),
  klass_id: idSchema.optional(),
});
export type FamilyAttendanceQuery = z.input<typeof familyAttendanceQuerySchema>;

/** One child at one past session, with the mark (null: not marked). */
export const familyAttendanceAttributesSchema = z.object({
  klass_id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  klass_group_name: z.string(),
  schedule_name: z.string(),
  attendee_profile_id: z.string(),
  attendee_name: z.string(),
  status: statusSchema.nullable(),
});
export type FamilyAttendanceAttributes = z.infer<typeof familyAttendanceAttributesSchema>;

/** Its id is `{klass_id}-{attendee_profile_id}`: a row exists only once marked. */
export const familyAttendanceResourceSchema = plainResourceObjectSchema(
  'attendances',
  familyAttendanceAttributesSchema,
);
export const familyAttendanceListDocumentSchema = z.object({
  data: z.array(familyAttendanceResourceSchema),
  meta: pageMetaSchema,
});
export type FamilyAttendanceListDocument = z.infer<typeof familyAttendanceListDocumentSchema>;

export const familyAttendanceSchema = familyAttendanceAttributesSchema.extend({
  id: z.string(),
  type: z.literal('attendances'),
});
export type FamilyAttendance = z.infer<typeof familyAttendanceSchema>;

// A schedule's attendance (sessions × attendees)

export const attendanceCountsSchema = z.object({
  present: z.number().int(),
  absent: z.number().int(),
  late: z.number().int(),
  /** Enrolled attendees with no mark (0 for a cancelled session). */
  unmarked: z.number().int(),
});
export type AttendanceCounts = z.infer<typeof attendanceCountsSchema>;

export const scheduleAttendanceKlassAttributesSchema = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  klass_status: klassStatusSchema,
  counts: attendanceCountsSchema,
  /** The marks of attendees in `meta.attendees`; an attendee not listed is not marked. */
  marks: z.array(z.object({ attendee_profile_id: z.string(), status: statusSchema })),
});

/** One session of the schedule; its id is the session's (klass) id. */
export const scheduleAttendanceKlassResourceSchema = plainResourceObjectSchema(
  'attendance_klasses',
  scheduleAttendanceKlassAttributesSchema,
);

export const scheduleAttendanceMetaSchema = pageMetaSchema.extend({
  time_zone: z.string(),
  /** Everyone actively enrolled in the schedule, by name: the matrix's other axis. */
  attendees: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ScheduleAttendanceMeta = z.infer<typeof scheduleAttendanceMetaSchema>;

/** A page of the schedule's sessions in time order (`?page=N`), each with its marks and counts. */
export const scheduleAttendanceDocumentSchema = z.object({
  data: z.array(scheduleAttendanceKlassResourceSchema),
  meta: scheduleAttendanceMetaSchema,
});
export type ScheduleAttendanceDocument = z.infer<typeof scheduleAttendanceDocumentSchema>;

export const scheduleAttendanceKlassSchema = scheduleAttendanceKlassAttributesSchema.extend({
  id: z.string(),
  type: z.literal('attendance_klasses'),
});
export type ScheduleAttendanceKlass = z.infer<typeof scheduleAttendanceKlassSchema>;
