import {
  addonAttributesSchema,
  klassAttributesSchema,
  klassGroupAttributesSchema,
  pageMetaSchema,
  planAttributesSchema,
  rosterAttendeeResourceSchema,
  scheduleAttributesSchema,
  teacherResourceSchema,
  userAttributesSchema,
} from '@atelier/contract';
import { z } from 'zod';

// The shapes the admin screens hold: the contract's attribute schemas after `flatten` (SPEC §3),
// with each relationship replaced by the included resource it names. A relationship that points
// back up the tree (a schedule's programme inside that programme) is cut by flatten to `{id, type}`.

const identifierSchema = z.object({ id: z.string(), type: z.string() });

export const flatPlanSchema = planAttributesSchema.extend({
  id: z.string(),
  type: z.literal('plans'),
});
export type FlatPlan = z.infer<typeof flatPlanSchema>;

export const flatSchedulePlanSchema = z.object({
  id: z.string(),
  type: z.literal('klass_group_schedule_plans'),
  plan_id: z.string(),
  plan: flatPlanSchema,
});
export type FlatSchedulePlan = z.infer<typeof flatSchedulePlanSchema>;

export const flatAddonSchema = addonAttributesSchema.extend({
  id: z.string(),
  type: z.literal('klass_group_schedule_addons'),
});
export type FlatAddon = z.infer<typeof flatAddonSchema>;

export const flatTeacherSchema = teacherResourceSchema.shape.attributes.extend({
  id: z.string(),
  type: z.literal('users'),
});
export type FlatTeacher = z.infer<typeof flatTeacherSchema>;

export const flatKlassSchema = klassAttributesSchema.extend({
  id: z.string(),
  type: z.literal('klasses'),
});
export type FlatKlass = z.infer<typeof flatKlassSchema>;

export const flatEnrollmentSchema = z.object({
  id: z.string(),
  type: z.literal('enrollments'),
  status: z.string(),
  created_at: z.string(),
  attendee_profile: rosterAttendeeResourceSchema.shape.attributes
    .partial()
    .extend({ id: z.string() }),
});
export type FlatEnrollment = z.infer<typeof flatEnrollmentSchema>;

/** A schedule as a programme's documents hold it (no sessions, no roster). */
export const flatScheduleSchema = scheduleAttributesSchema.extend({
  id: z.string(),
  type: z.literal('klass_group_schedules'),
  teacher: flatTeacherSchema,
  klass_group_schedule_plans: z.array(flatSchedulePlanSchema),
  klass_group_schedule_addons: z.array(flatAddonSchema),
});
export type FlatSchedule = z.infer<typeof flatScheduleSchema>;

export const flatKlassGroupSchema = klassGroupAttributesSchema.extend({
  id: z.string(),
  type: z.literal('klass_groups'),
  klass_group_schedules: z.array(flatScheduleSchema),
});
export type FlatKlassGroup = z.infer<typeof flatKlassGroupSchema>;

/** One schedule with its programme, every session and its roster. */
export const flatScheduleDetailSchema = flatScheduleSchema.extend({
  klass_group: klassGroupAttributesSchema.extend({ id: z.string() }),
  klasses: z.array(flatKlassSchema).default([]),
  enrollments: z.array(flatEnrollmentSchema).default([]),
});
export type FlatScheduleDetail = z.infer<typeof flatScheduleDetailSchema>;

export const flatKlassGroupListSchema = z.array(flatKlassGroupSchema);
export const flatPlanListSchema = z.array(flatPlanSchema);

/** A user the teacher search returned. */
export const flatUserSchema = userAttributesSchema
  .pick({ name: true, email: true, avatar_url: true, role: true })
  .extend({ id: z.string(), type: z.literal('users') });
export type FlatUser = z.infer<typeof flatUserSchema>;
export const flatUserListSchema = z.array(flatUserSchema);

/** `meta` of a paged list. */
export const pageMetaOnlySchema = z.object({ meta: pageMetaSchema });

export { identifierSchema };
