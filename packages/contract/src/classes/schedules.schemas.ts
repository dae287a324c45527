import { z } from 'zod';
import { idTextSchema } from '../common/id.schemas';
import { resourceObjectSchema, toManySchema, toOneSchema } from '../common/json-api';
import { pageQuerySchema } from '../common/page.schemas';
import { textSchema } from '../common/text.schemas';
import { translationsSchema } from '../common/translations.schemas';
import type { FieldError } from '../errors';
import {
  KLASS_ORIGINS,
  KLASS_STATUSES,
  MAX_CAPACITY,
  MAX_PRICE_CENTS,
  WEEKDAYS,
} from './classes.constants';
import {
  centsSchema,
  instantSchema,
  isoDateSchema,
  localTimeSchema,
  requiredText,
  timeZoneSchema,
} from './fields';

/** One weekly time of a schedule: a weekday (1 Monday … 7 Sunday) and local start/end times. */
export const slotSchema = z.object({
  weekday: z.union(
    WEEKDAYS.map((d) => z.literal(d)),
    { error: 'Choose a weekday' },
  ),
  start_time: localTimeSchema,
  end_time: localTimeSchema,
});
export type Slot = z.infer<typeof slotSchema>;

/** What decides a schedule's sessions: the preview endpoint takes exactly these. */
export const schedulePatternSchema = z.object({
  /** IANA zone the local times are in; sessions keep their wall-clock time across DST. */
  time_zone: timeZoneSchema,
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  slots: z
    .array(slotSchema, { error: 'Required' })
    .min(1, 'Add at least one weekly time')
    .max(21, 'At most 21 weekly times'),
  /** Dates with no session (holidays), in the schedule's time zone. */
  exception_dates: z.array(isoDateSchema).max(366, 'At most 366 dates').default([]),
});
export type SchedulePattern = z.infer<typeof schedulePatternSchema>;

/** A schedule's or an add-on's name in the other interface languages (`{ ja: { name } }`). */
export const nameTranslationsSchema = translationsSchema({ name: textSchema({ max: 120 }) });
export type NameTranslations = z.infer<typeof nameTranslationsSchema>;

/** The fields an admin sets on a schedule (a run of a programme). */
export const scheduleFieldsSchema = schedulePatternSchema.extend({
  name: requiredText(120),
  /** Replaces the stored translations as a whole; readers get them in `name`. */
  translations: nameTranslationsSchema.default({}),
  /** A user with the teacher role. */
  teacher_id: idTextSchema(),
  capacity: z
    .int({ error: (issue) => (issue.input === undefined ? 'Required' : 'Must be a whole number') })
    .min(1, 'Must be at least 1')
    .max(MAX_CAPACITY, `Must be at most ${MAX_CAPACITY}`),
  /** The room it meets in (docs/architecture.md#adding-a-resource: rooms), or none. */
  room_id: idTextSchema().nullable().optional(),
  /** The plans the schedule offers: at least one. */
  plan_ids: z
    .array(idTextSchema(), { error: 'Required' })
    .min(1, 'Choose at least one plan')
    .max(20, 'At most 20 plans'),
});
export type ScheduleFields = z.infer<typeof scheduleFieldsSchema>;

/** POST /api/v1/klass_groups/{klass_group_id}/schedules */
export const createScheduleBodySchema = z.object({ klass_group_schedule: scheduleFieldsSchema });
export type CreateScheduleBody = z.input<typeof createScheduleBodySchema>;

/**
 * PATCH /api/v1/klass_group_schedules/{id}: any subset. Changing the pattern (time zone, dates,
 * weekly times, exception dates) re-makes the future sessions the pattern made and nobody edited;
 * past, moved, cancelled and extra sessions stay as they are.
 */
export const updateScheduleBodySchema = z.object({
  klass_group_schedule: scheduleFieldsSchema
    .extend({
      exception_dates: z.array(isoDateSchema).max(366, 'At most 366 dates'),
      translations: nameTranslationsSchema,
    })
    .partial(),
});
export type UpdateScheduleBody = z.input<typeof updateScheduleBodySchema>;

/** POST /api/v1/klass_group_schedules/preview: the sessions a pattern would make, unsaved. */
export const previewScheduleBodySchema = z.object({ klass_group_schedule: schedulePatternSchema });
export type PreviewScheduleBody = z.input<typeof previewScheduleBodySchema>;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Rules across a pattern's fields (server on merged values; web before sending). */
export function schedulePatternRuleErrors(
  pattern: Pick<SchedulePattern, 'start_date' | 'end_date' | 'slots' | 'exception_dates'>,
): FieldError[] {
  const errors: FieldError[] = [];
  if (pattern.end_date < pattern.start_date) {
    errors.push({ field: 'end_date', detail: 'Must be on or after the start date' });
  }
  pattern.slots.forEach((slot, i) => {
    if (minutesOf(slot.end_time) <= minutesOf(slot.start_time)) {
      errors.push({ field: `slots.${i}.end_time`, detail: 'Must be after the start time' });
      return;
    }
    const overlapping = pattern.slots.findIndex(
      (other, j) =>
        j < i &&
        other.weekday === slot.weekday &&
        minutesOf(other.start_time) < minutesOf(slot.end_time) &&
        minutesOf(slot.start_time) < minutesOf(other.end_time),
    );
    if (overlapping >= 0) {
      errors.push({
        field: `slots.${i}.start_time`,
        detail: 'Overlaps another time on the same weekday',
      });
    }
  });
  pattern.exception_dates.forEach((date, i) => {
    if (date < pattern.start_date || date > pattern.end_date) {
      errors.push({
        field: `exception_dates.${i}`,
        detail: 'Must be between the start and end dates',
      });
    }
  });
  return errors;
}

/** GET /api/v1/klass_group_schedules query. */
export const scheduleListQuerySchema = pageQuerySchema.extend({
  klass_group_id: idTextSchema().optional(),
});
export type ScheduleListQuery = z.input<typeof scheduleListQuerySchema>;

/** Attributes every reader of a schedule sees (the public catalogue shows these). */
export const publicScheduleAttributesSchema = z.object({
  name: z.string(),
  klass_group_id: z.string(),
  time_zone: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  slots: z.array(slotSchema),
  /** capacity − active seat holds − enrollments, never below 0. */
  seats_left: z.number().int(),
  /** The name of the room it meets in, in the reader's language; null when it names none. */
  // Optional in the schema only: every answer carries it, but a screen's test data need not.
  room: z.string().nullable().optional(),
});
export type PublicScheduleAttributes = z.infer<typeof publicScheduleAttributesSchema>;

/** Attributes admins and the schedule's teacher see. */
export const scheduleAttributesSchema = publicScheduleAttributesSchema.extend({
  /** `name` above is the default language's; these are the others. */
  translations: nameTranslationsSchema,
  teacher_id: z.string(),
  room_id: z.string().nullable().optional(),
  capacity: z.number().int(),
  exception_dates: z.array(z.string()),
  /** Seats held by unpaid orders right now. */
  seats_held: z.number().int(),
  /** Active enrollments: each takes a seat. */
  enrolled_count: z.number().int(),
  /** Enrollments ever (cancelled ones too): while above 0 the schedule cannot be deleted. */
  enrollments_count: z.number().int(),
  /** Sessions not cancelled. */
  klasses_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ScheduleAttributes = z.infer<typeof scheduleAttributesSchema>;

/**
 * A schedule for admins and its teacher. `klasses` (every session, cancelled ones too) and
 * `enrollments` (the roster) are present on the single-schedule document only.
 */
export const scheduleResourceSchema = resourceObjectSchema(
  'klass_group_schedules',
  scheduleAttributesSchema,
  {
    klass_group: toOneSchema,
    teacher: toOneSchema,
    klass_group_schedule_plans: toManySchema,
    klass_group_schedule_addons: toManySchema,
    klasses: toManySchema.optional(),
    enrollments: toManySchema.optional(),
  },
);
export type ScheduleResource = z.infer<typeof scheduleResourceSchema>;

// Sessions (klasses)

/** POST /api/v1/klass_group_schedules/{id}/klasses: an extra session. */
export const createKlassBodySchema = z.object({
  klass: z.object({ starts_at: instantSchema, ends_at: instantSchema }),
});
export type CreateKlassBody = z.input<typeof createKlassBodySchema>;

/** PATCH /api/v1/klasses/{id}: move it (new times) and/or cancel or restore it. */
export const updateKlassBodySchema = z.object({
  klass: z
    .object({
      starts_at: instantSchema,
      ends_at: instantSchema,
      status: z.enum(KLASS_STATUSES, { error: 'Choose scheduled or cancelled' }),
    })
    .partial(),
});
export type UpdateKlassBody = z.input<typeof updateKlassBodySchema>;

/** The longest a single session may last. */
export const MAX_KLASS_HOURS = 24;

/** Rules on a session's times (server and web). */
export function klassTimeRuleErrors(times: { starts_at: string; ends_at: string }): FieldError[] {
  const start = Date.parse(times.starts_at);
  const end = Date.parse(times.ends_at);
  if (end <= start) return [{ field: 'ends_at', detail: 'Must be after the start' }];
  if (end - start > MAX_KLASS_HOURS * 3600_000) {
    return [{ field: 'ends_at', detail: `A session lasts at most ${MAX_KLASS_HOURS} hours` }];
  }
  return [];
}

/** Attributes of a session as the catalogue shows it. Times are UTC ISO instants. */
export const publicKlassAttributesSchema = z.object({
  klass_group_id: z.string(),
  klass_group_schedule_id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(KLASS_STATUSES),
});
export type PublicKlassAttributes = z.infer<typeof publicKlassAttributesSchema>;

/** Attributes of a session for admins and teachers. */
export const klassAttributesSchema = publicKlassAttributesSchema.extend({
  origin: z.enum(KLASS_ORIGINS),
  /** Where the pattern first put it; null for extra sessions. Differs from starts_at once moved. */
  original_starts_at: z.string().nullable(),
  updated_at: z.string(),
});
export type KlassAttributes = z.infer<typeof klassAttributesSchema>;

export const klassResourceSchema = resourceObjectSchema('klasses', klassAttributesSchema, {
  klass_group_schedule: toOneSchema,
});
export type KlassResource = z.infer<typeof klassResourceSchema>;

export const klassDocumentSchema = z.object({ data: klassResourceSchema });
export type KlassDocument = z.infer<typeof klassDocumentSchema>;

/** One session a pattern would make (preview). Ids are positions, not database ids. */
export const klassPreviewResourceSchema = z.object({
  id: z.string(),
  type: z.literal('klass_previews'),
  attributes: z.object({
    starts_at: z.string(),
    ends_at: z.string(),
    /** The local date and times in the schedule's zone, as the admin typed them. */
    local_date: z.string(),
    local_start_time: z.string(),
    local_end_time: z.string(),
    weekday: z.number().int(),
  }),
});
export type KlassPreviewResource = z.infer<typeof klassPreviewResourceSchema>;

/** Response of the preview: every session in order, and the exception dates that removed one. */
export const schedulePreviewDocumentSchema = z.object({
  data: z.array(klassPreviewResourceSchema),
  meta: z.object({ total: z.number().int(), skipped_dates: z.array(z.string()) }),
});
export type SchedulePreviewDocument = z.infer<typeof schedulePreviewDocumentSchema>;

// Add-ons

export const addonFieldsSchema = z.object({
  name: requiredText(120),
  price: centsSchema(MAX_PRICE_CENTS),
  /** Replaces the stored translations as a whole; readers get them in `name`. */
  translations: nameTranslationsSchema.default({}),
});
export type AddonFields = z.infer<typeof addonFieldsSchema>;

/** POST /api/v1/klass_group_schedules/{id}/addons */
export const createAddonBodySchema = z.object({ addon: addonFieldsSchema });
export type CreateAddonBody = z.input<typeof createAddonBodySchema>;

/** PATCH /api/v1/klass_group_schedule_addons/{id} */
export const updateAddonBodySchema = z.object({
  addon: addonFieldsSchema.extend({ translations: nameTranslationsSchema }).partial(),
});
export type UpdateAddonBody = z.input<typeof updateAddonBodySchema>;

export const addonAttributesSchema = z.object({
  klass_group_schedule_id: z.string(),
  /** In the reader's language; in admin answers, the default language's. */
  name: z.string(),
  price: z.number().int(),
  /** Admin answers only: the name in the other languages. */
  translations: nameTranslationsSchema.optional(),
});
export type AddonAttributes = z.infer<typeof addonAttributesSchema>;

export const addonResourceSchema = resourceObjectSchema(
  'klass_group_schedule_addons',
  addonAttributesSchema,
  { klass_group_schedule: toOneSchema },
);
export type AddonResource = z.infer<typeof addonResourceSchema>;

export const addonDocumentSchema = z.object({ data: addonResourceSchema });
export type AddonDocument = z.infer<typeof addonDocumentSchema>;

// The roster

export const enrollmentResourceSchema = resourceObjectSchema(
  'enrollments',
  z.object({
    klass_group_schedule_id: z.string(),
    status: z.string(),
    created_at: z.string(),
  }),
  { attendee_profile: toOneSchema },
);
export type EnrollmentResource = z.infer<typeof enrollmentResourceSchema>;

export const rosterAttendeeResourceSchema = z.object({
  id: z.string(),
  type: z.literal('attendee_profiles'),
  attributes: z.object({ name: z.string(), birthday: z.string().nullable() }),
});
export type RosterAttendeeResource = z.infer<typeof rosterAttendeeResourceSchema>;
