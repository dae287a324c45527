import { z } from 'zod';
import { plainResourceObjectSchema, resourceObjectSchema, toOneSchema } from '../common/json-api';
import { publicKlassGroupAttributesSchema } from './catalogue.schemas';
import { CALENDAR_MAX_RANGE_DAYS, FORMATS } from './classes.constants';
import { instantSchema } from './fields';
import { publicKlassAttributesSchema } from './schedules.schemas';

/** GET /api/v1/calendar/klasses query: the sessions starting in [from, to). */
export const calendarQuerySchema = z
  .object({ from: instantSchema, to: instantSchema })
  .superRefine((range, ctx) => {
    const span = Date.parse(range.to) - Date.parse(range.from);
    if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must be after from' });
    else if (span > CALENDAR_MAX_RANGE_DAYS * 86_400_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `The range may span at most ${CALENDAR_MAX_RANGE_DAYS} days`,
      });
    }
  });
export type CalendarQuery = z.input<typeof calendarQuerySchema>;

/**
 * A session in someone's calendar, with what a calendar entry shows. `meeting_url` is set for
 * online programmes (everyone a calendar shows a session to is enrolled, teaches it, or is an
 * admin); `attendee_names` lists the signed-in family's attendees enrolled in it.
 */
export const calendarKlassAttributesSchema = publicKlassAttributesSchema.extend({
  title: z.string(),
  schedule_name: z.string(),
  format: z.enum(FORMATS),
  location: z.string().nullable(),
  /** The room it meets in, in the reader's language (optional for test data; always sent). */
  room: z.string().nullable().optional(),
  meeting_url: z.string().nullable(),
  teacher_name: z.string(),
  attendee_names: z.array(z.string()),
  time_zone: z.string(),
});
export type CalendarKlassAttributes = z.infer<typeof calendarKlassAttributesSchema>;

export const calendarKlassResourceSchema = resourceObjectSchema(
  'klasses',
  calendarKlassAttributesSchema,
  { klass_group: toOneSchema, klass_group_schedule: toOneSchema },
);
export type CalendarKlassResource = z.infer<typeof calendarKlassResourceSchema>;

/** A programme as a calendar includes it (public attributes: image, slug, description). */
export const calendarKlassGroupResourceSchema = plainResourceObjectSchema(
  'klass_groups',
  publicKlassGroupAttributesSchema,
);
export type CalendarKlassGroupResource = z.infer<typeof calendarKlassGroupResourceSchema>;

/** Sessions in time order, their programmes included (for images and slugs). */
export const calendarDocumentSchema = z.object({
  data: z.array(calendarKlassResourceSchema),
  included: z.array(calendarKlassGroupResourceSchema).optional(),
  meta: z.object({ total: z.number().int() }),
});
export type CalendarDocument = z.infer<typeof calendarDocumentSchema>;

/**
 * The signed-in user's private iCalendar feed. `url` is null while no feed exists (never made,
 * or revoked); making a new one stops the old URL working.
 */
export const calendarFeedResourceSchema = z.object({
  id: z.string(),
  type: z.literal('calendar_feeds'),
  attributes: z.object({ url: z.string().nullable(), created_at: z.string().nullable() }),
});
export type CalendarFeedResource = z.infer<typeof calendarFeedResourceSchema>;

export const calendarFeedDocumentSchema = z.object({ data: calendarFeedResourceSchema });
export type CalendarFeedDocument = z.infer<typeof calendarFeedDocumentSchema>;

/** GET /api/v1/calendar/{token}.ics path parameter. */
export const calendarFeedParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Invalid input'),
});
