import { z } from 'zod';
import { pageMetaSchema } from '../common/page.schemas';
import { klassGroupResourceSchema } from './klass-groups.schemas';
import { planResourceSchema, schedulePlanResourceSchema } from './plans.schemas';
import {
  addonResourceSchema,
  enrollmentResourceSchema,
  klassResourceSchema,
  rosterAttendeeResourceSchema,
  scheduleResourceSchema,
} from './schedules.schemas';
import { teacherResourceSchema } from './teachers.schemas';

// Response documents of the admin (and teacher) endpoints. `included` carries every related
// resource a screen shows, so one request fills it.

const klassGroupIncludedSchema = z.discriminatedUnion('type', [
  scheduleResourceSchema,
  teacherResourceSchema,
  schedulePlanResourceSchema,
  planResourceSchema,
  addonResourceSchema,
]);

/** One programme with its schedules, their teachers, plans and add-ons. */
export const klassGroupDocumentSchema = z.object({
  data: klassGroupResourceSchema,
  included: z.array(klassGroupIncludedSchema).optional(),
});
export type KlassGroupDocument = z.infer<typeof klassGroupDocumentSchema>;

/** A page of programmes with their schedules, teachers, plans and add-ons. */
export const klassGroupListDocumentSchema = z.object({
  data: z.array(klassGroupResourceSchema),
  included: z.array(klassGroupIncludedSchema).optional(),
  meta: pageMetaSchema,
});
export type KlassGroupListDocument = z.infer<typeof klassGroupListDocumentSchema>;

const scheduleIncludedSchema = z.discriminatedUnion('type', [
  klassGroupResourceSchema,
  teacherResourceSchema,
  schedulePlanResourceSchema,
  planResourceSchema,
  addonResourceSchema,
  klassResourceSchema,
  enrollmentResourceSchema,
  rosterAttendeeResourceSchema,
]);

/**
 * One schedule with its programme, teacher, plans, add-ons, every session (cancelled ones too,
 * in time order) and its roster (enrollments and their attendee profiles).
 */
export const scheduleDocumentSchema = z.object({
  data: scheduleResourceSchema,
  included: z.array(scheduleIncludedSchema).optional(),
});
export type ScheduleDocument = z.infer<typeof scheduleDocumentSchema>;

/** A page of schedules with their programmes, teachers, plans and add-ons (no sessions). */
export const scheduleListDocumentSchema = z.object({
  data: z.array(scheduleResourceSchema),
  included: z.array(scheduleIncludedSchema).optional(),
  meta: pageMetaSchema,
});
export type ScheduleListDocument = z.infer<typeof scheduleListDocumentSchema>;

/** A page of plans. */
export const planListDocumentSchema = z.object({
  data: z.array(planResourceSchema),
  meta: pageMetaSchema,
});
export type PlanListDocument = z.infer<typeof planListDocumentSchema>;
