import { z } from 'zod';
import { personNameSchema } from '../accounts/accounts.schemas';
import { idSchema } from '../common/id.schemas';
import { pageMetaSchema, pageQuerySchema } from '../common/page.schemas';
import { DATE_PICKER_MAX, DATE_PICKER_MIN } from '../constants';
import { GALLERY_VISIBILITIES } from '../gallery/gallery.constants';
import { childCardAttributesShape, childCardBodyShape } from './child-card.schemas';
import { FAMILY_MESSAGES } from './family.constants';

/**
 * Today's date where it is latest on Earth (UTC+14), so a birthday of "today" is accepted in every
 * time zone while tomorrow's is refused everywhere.
 */
export function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** True for a real calendar date written YYYY-MM-DD (2023-02-29 is not). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A birthday within the date picker's range (docs/product.md#constants) and not in the future. */
export const birthdaySchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'Required' : 'Invalid input',
  })
  .trim()
  .min(1, 'Required')
  .refine(isCalendarDate, 'Invalid input')
  .refine((d) => d >= DATE_PICKER_MIN && d <= DATE_PICKER_MAX, FAMILY_MESSAGES.birthdayRange)
  .refine((d) => d <= latestToday(), FAMILY_MESSAGES.birthdayFuture);

/** POST body. `is_account_holder`: this profile is the account holder (at most one per account). */
export const createAttendeeProfileBodySchema = z.object({
  attendee_profile: z.object(
    {
      name: personNameSchema,
      birthday: birthdaySchema,
      is_account_holder: z.boolean({ error: 'Invalid input' }).default(false),
    },
    { error: 'Required' },
  ),
});
export type CreateAttendeeProfileBody = z.infer<typeof createAttendeeProfileBodySchema>;

/** PUT body: any of the fields. */
export const updateAttendeeProfileBodySchema = z.object({
  attendee_profile: z.object(
    {
      name: personNameSchema.optional(),
      birthday: birthdaySchema.optional(),
      is_account_holder: z.boolean({ error: 'Invalid input' }).optional(),
      /** Who sees the student's gallery work besides the family and teachers. */
      gallery_visibility: z.enum(GALLERY_VISIBILITIES, { error: 'Invalid input' }).optional(),
      /** Comments by people outside the family and staff wait for a teacher's approval. */
      comments_need_approval: z.boolean({ error: 'Invalid input' }).optional(),
      /** The child's card (docs/product.md#the-childs-card); each field replaces what was there. */
      ...childCardBodyShape,
    },
    { error: 'Required' },
  ),
});
export type UpdateAttendeeProfileBody = z.infer<typeof updateAttendeeProfileBodySchema>;

/** `{id}` (the account) and `{profileId}` of /users/{id}/attendee_profiles/{profileId}. */
export const attendeeProfileParamsSchema = z.object({ id: idSchema, profileId: idSchema });
export type AttendeeProfileParams = z.infer<typeof attendeeProfileParamsSchema>;

export const attendeeProfileListQuerySchema = pageQuerySchema;

/** Attributes of an `attendee_profiles` resource. */
export const attendeeProfileAttributesSchema = z.object({
  name: z.string(),
  /** YYYY-MM-DD; null only for profiles made before birthdays were required. */
  birthday: z.string().nullable(),
  is_account_holder: z.boolean(),
  gallery_visibility: z.enum(GALLERY_VISIBILITIES),
  comments_need_approval: z.boolean(),
  /** The child's card: only in the family's own (and admins') answers. */
  ...childCardAttributesShape,
});
export type AttendeeProfileAttributes = z.infer<typeof attendeeProfileAttributesSchema>;

export const attendeeProfileResourceSchema = z.object({
  id: z.string(),
  type: z.literal('attendee_profiles'),
  attributes: attendeeProfileAttributesSchema,
  relationships: z.object({
    user: z.object({ data: z.object({ id: z.string(), type: z.literal('users') }) }),
  }),
});
export type AttendeeProfileResource = z.infer<typeof attendeeProfileResourceSchema>;

/** A flattened attendee profile as the web holds it. */
export const attendeeProfileSchema = attendeeProfileAttributesSchema.extend({
  id: z.string(),
  type: z.literal('attendee_profiles'),
  user: z.object({ id: z.string(), type: z.literal('users') }),
});
export type AttendeeProfile = z.infer<typeof attendeeProfileSchema>;

export const attendeeProfileDocumentSchema = z.object({ data: attendeeProfileResourceSchema });
export type AttendeeProfileDocument = z.infer<typeof attendeeProfileDocumentSchema>;

/** The account holder first, then by name. */
export const attendeeProfileListDocumentSchema = z.object({
  data: z.array(attendeeProfileResourceSchema),
  meta: pageMetaSchema,
});
export type AttendeeProfileListDocument = z.infer<typeof attendeeProfileListDocumentSchema>;
