import { z } from 'zod';
import { resourceIdentifierSchema } from '../common/json-api';
import { calendarFeedResourceSchema, calendarKlassAttributesSchema } from './calendar.schemas';
import { publicKlassGroupAttributesSchema } from './catalogue.schemas';
import { klassGroupAttributesSchema } from './klass-groups.schemas';
import { planAttributesSchema, publicPlanAttributesSchema } from './plans.schemas';
import {
  addonAttributesSchema,
  klassAttributesSchema,
  publicKlassAttributesSchema,
  publicScheduleAttributesSchema,
  scheduleAttributesSchema,
} from './schedules.schemas';

// The classes resources as the web holds them after `flatten` (docs/product.md#data-the-client-sees): attributes beside id and
// type, relationships replaced by the included resources. A relationship back to a resource
// already on the path (a schedule's programme inside that programme) stays `{id, type}`, as
// `flatten` cuts cycles; those are typed `resourceIdentifierSchema`. Parse with `parseDocument`.

const flat = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ id: z.string(), type: z.literal(type), ...shape });

const teacherFlatSchema = flat('users', {
  name: z.string(),
  avatar_url: z.string().nullable(),
  /** Admin documents only. */
  email: z.string().optional(),
});
export type FlatTeacher = z.infer<typeof teacherFlatSchema>;

export const planFlatSchema = flat('plans', planAttributesSchema.shape);
export type FlatPlan = z.infer<typeof planFlatSchema>;
export const publicPlanFlatSchema = flat('plans', publicPlanAttributesSchema.shape);
export type FlatPublicPlan = z.infer<typeof publicPlanFlatSchema>;

const schedulePlanFlatSchema = <P extends z.ZodType>(plan: P) =>
  flat('klass_group_schedule_plans', {
    klass_group_schedule_id: z.string(),
    plan_id: z.string(),
    plan,
  });

export const addonFlatSchema = flat('klass_group_schedule_addons', addonAttributesSchema.shape);
export type FlatAddon = z.infer<typeof addonFlatSchema>;

export const klassFlatSchema = flat('klasses', klassAttributesSchema.shape);
export type FlatKlass = z.infer<typeof klassFlatSchema>;

/** A schedule inside an admin programme document (`GET /api/v1/klass_groups[/{id}]`). */
export const scheduleInGroupFlatSchema = flat('klass_group_schedules', {
  ...scheduleAttributesSchema.shape,
  klass_group: resourceIdentifierSchema,
  teacher: teacherFlatSchema,
  klass_group_schedule_plans: z.array(schedulePlanFlatSchema(planFlatSchema)),
  klass_group_schedule_addons: z.array(addonFlatSchema),
});
export type FlatScheduleInGroup = z.infer<typeof scheduleInGroupFlatSchema>;

/** A programme from `GET /api/v1/klass_groups` or `GET /api/v1/klass_groups/{id}`. */
export const klassGroupFlatSchema = flat('klass_groups', {
  ...klassGroupAttributesSchema.shape,
  klass_group_schedules: z.array(scheduleInGroupFlatSchema),
});
export type FlatKlassGroup = z.infer<typeof klassGroupFlatSchema>;

/**
 * A schedule from `GET /api/v1/klass_group_schedules/{id}`: its programme (whose own schedule list
 * is identifiers), every session, and the roster. From the list endpoint, `klasses` and
 * `enrollments` are absent.
 */
export const scheduleFlatSchema = flat('klass_group_schedules', {
  ...scheduleAttributesSchema.shape,
  klass_group: flat('klass_groups', {
    ...klassGroupAttributesSchema.shape,
    klass_group_schedules: z.array(resourceIdentifierSchema),
  }),
  teacher: teacherFlatSchema,
  klass_group_schedule_plans: z.array(schedulePlanFlatSchema(planFlatSchema)),
  klass_group_schedule_addons: z.array(addonFlatSchema),
  klasses: z.array(klassFlatSchema).optional(),
  enrollments: z
    .array(
      flat('enrollments', {
        klass_group_schedule_id: z.string(),
        status: z.string(),
        created_at: z.string(),
        attendee_profile: flat('attendee_profiles', {
          name: z.string(),
          birthday: z.string().nullable(),
        }),
      }),
    )
    .optional(),
});
export type FlatSchedule = z.infer<typeof scheduleFlatSchema>;

/** A schedule as the public catalogue shows it, with its upcoming sessions. */
export const publicScheduleFlatSchema = flat('klass_group_schedules', {
  ...publicScheduleAttributesSchema.shape,
  klass_group: resourceIdentifierSchema,
  teacher: teacherFlatSchema,
  klass_group_schedule_plans: z.array(schedulePlanFlatSchema(publicPlanFlatSchema)),
  klass_group_schedule_addons: z.array(addonFlatSchema),
  klasses: z.array(flat('klasses', publicKlassAttributesSchema.shape)),
});
export type FlatPublicSchedule = z.infer<typeof publicScheduleFlatSchema>;

/** A programme from the public catalogue (list or by slug). */
export const catalogueKlassGroupFlatSchema = flat('klass_groups', {
  ...publicKlassGroupAttributesSchema.shape,
  klass_group_schedules: z.array(publicScheduleFlatSchema),
});
export type FlatCatalogueKlassGroup = z.infer<typeof catalogueKlassGroupFlatSchema>;

/** A session of `GET /api/v1/calendar/klasses`, with its programme. */
export const calendarKlassFlatSchema = flat('klasses', {
  ...calendarKlassAttributesSchema.shape,
  klass_group: flat('klass_groups', publicKlassGroupAttributesSchema.shape),
  klass_group_schedule: resourceIdentifierSchema,
});
export type FlatCalendarKlass = z.infer<typeof calendarKlassFlatSchema>;

/** The signed-in user's feed (`url` null when none). */
export const calendarFeedFlatSchema = flat('calendar_feeds', {
  ...calendarFeedResourceSchema.shape.attributes.shape,
});
export type FlatCalendarFeed = z.infer<typeof calendarFeedFlatSchema>;
