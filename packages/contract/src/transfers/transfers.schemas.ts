import { z } from 'zod';
import { idSchema } from '../common/id.schemas';

// Transfers (docs/product.md#transfers): an active enrollment moves to another schedule with a
// free seat; the price difference for the sessions ahead is charged or credited on the family's
// ledger in the same transaction.

/** POST /api/v2/enrollments/{id}/transfer and /api/v2/admin/enrollments/{id}/transfer */
export const transferBodySchema = z.object({
  schedule_id: idSchema,
  /** The plan to price the new place with; by default the one the place was bought with. */
  plan_id: idSchema.optional(),
  /** Answer the difference without moving anything (the preview before confirming). */
  dry_run: z.boolean().optional(),
});
export type TransferBody = z.input<typeof transferBodySchema>;

export const transferAttributesSchema = z.object({
  enrollment_id: z.string(),
  /** The enrollment made in the new schedule; null on a dry run. */
  new_enrollment_id: z.string().nullable(),
  attendee_name: z.string(),
  from_schedule_id: z.string(),
  from_name: z.string(),
  to_schedule_id: z.string(),
  to_name: z.string(),
  plan_id: z.string(),
  currency: z.string(),
  /** What the sessions ahead of the old schedule are worth under the plan, in cents. */
  old_value: z.number().int(),
  /** What the sessions ahead of the new schedule cost under the plan, in cents. */
  new_price: z.number().int(),
  /** new_price − old_value: charged when positive, credited when negative, in cents. */
  difference: z.number().int(),
  dry_run: z.boolean(),
  created_at: z.string(),
});
export type TransferAttributes = z.infer<typeof transferAttributesSchema>;

export const transferDocumentSchema = z.object({
  data: z.object({
    /** The transfer's id; `preview` on a dry run. */
    id: z.string(),
    type: z.literal('enrollment_transfers'),
    attributes: transferAttributesSchema,
  }),
});
export type TransferDocument = z.infer<typeof transferDocumentSchema>;

/** A schedule an enrollment may move to. */
export const transferOptionSchema = z.object({
  schedule_id: z.string(),
  /** The plan the move is priced with: the place's own, or for a place made by hand the schedule's first. */
  plan_id: z.string(),
  programme: z.string(),
  schedule_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  time_zone: z.string(),
  seats_left: z.number().int(),
});
export type TransferOption = z.infer<typeof transferOptionSchema>;

export const transferOptionsDocumentSchema = z.object({ data: z.array(transferOptionSchema) });
export type TransferOptionsDocument = z.infer<typeof transferOptionsDocumentSchema>;

/** One active enrollment of the family's. */
export const familyEnrollmentSchema = z.object({
  id: z.string(),
  attendee_profile_id: z.string(),
  attendee_name: z.string(),
  schedule_id: z.string(),
  programme: z.string(),
  schedule_name: z.string(),
  end_date: z.string(),
});
export type FamilyEnrollment = z.infer<typeof familyEnrollmentSchema>;

export const familyEnrollmentsDocumentSchema = z.object({
  data: z.array(familyEnrollmentSchema),
  meta: z.object({
    /** Whether the school lets families change classes themselves (FAMILY_TRANSFERS). */
    family_transfers: z.boolean(),
  }),
});
export type FamilyEnrollmentsDocument = z.infer<typeof familyEnrollmentsDocumentSchema>;
