import { z } from 'zod';
import { idSchema } from '../common/id.schemas';
import { TRIAL_BOOKING_STATUSES } from './trials.constants';

// Trial classes (docs/product.md#trial-classes): one class of a programme, once per child, free
// or paid through the cart; its price is credited when the child enrols in the programme soon after.

/** POST /api/v2/trial_bookings */
export const bookTrialBodySchema = z.object({ klass_id: idSchema, attendee_profile_id: idSchema });
export type BookTrialBody = z.input<typeof bookTrialBodySchema>;

export const trialBookingSchema = z.object({
  id: z.string(),
  klass_id: z.string(),
  klass_group_id: z.string(),
  attendee_profile_id: z.string(),
  child_name: z.string(),
  programme: z.string(),
  schedule_name: z.string(),
  starts_at: z.string(),
  time_zone: z.string(),
  /** Cents, as offered when booked (0: free). */
  price: z.number().int(),
  status: z.enum(TRIAL_BOOKING_STATUSES),
  /** Until then, enrolling the child in the programme credits the price back. */
  credit_until: z.string(),
  /** When the price was credited to an enrollment, or null. */
  credited_at: z.string().nullable(),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
});
export type TrialBooking = z.infer<typeof trialBookingSchema>;

export const trialBookingDocumentSchema = z.object({ data: trialBookingSchema });
export type TrialBookingDocument = z.infer<typeof trialBookingDocumentSchema>;
/**
 * 202 of POST /api/v2/trial_bookings for a paid trial: nothing is booked yet; the trial is in the
 * family's cart as this item, and is booked when its order is paid (docs/decisions/077-trial-classes.md).
 */
export const trialCartedDocumentSchema = z.object({
  data: z.null(),
  meta: z.object({ cart_item_id: z.string() }),
});
export type TrialCartedDocument = z.infer<typeof trialCartedDocumentSchema>;
export const trialBookingListDocumentSchema = z.object({ data: z.array(trialBookingSchema) });
export type TrialBookingListDocument = z.infer<typeof trialBookingListDocumentSchema>;

/** GET /api/v2/trial_bookings/options?klass_group_id= */
export const trialOptionsQuerySchema = z.object({ klass_group_id: idSchema });
export type TrialOptionsQuery = z.input<typeof trialOptionsQuerySchema>;

export const trialOptionSchema = z.object({
  klass_id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  schedule_name: z.string(),
  seats_left: z.number().int(),
});
export type TrialOption = z.infer<typeof trialOptionSchema>;

export const trialOptionsDocumentSchema = z.object({
  /** The trial's price in cents (0: free). */
  meta: z.object({ price: z.number().int(), programme: z.string() }),
  data: z.array(trialOptionSchema),
});
export type TrialOptionsDocument = z.infer<typeof trialOptionsDocumentSchema>;
