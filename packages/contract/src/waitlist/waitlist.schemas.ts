import { z } from 'zod';
import { idSchema } from '../common/id.schemas';
import { plainResourceObjectSchema } from '../common/json-api';

// The waitlist (docs/product.md#waitlist): a family waits for seats of a full schedule; freed
// seats are offered, in line order, to the first family they fit, held for WAITLIST_OFFER_HOURS.

/** How long an offer holds its seats for the family. */
export const WAITLIST_OFFER_HOURS = 24;

/** The most seats one family may wait for (a booking takes at most 10 attendees too). */
export const WAITLIST_MAX_SEATS = 10;

export const WAITLIST_ENTRY_STATUSES = ['waiting', 'offered', 'booked', 'left', 'removed'] as const;
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];

/** An open offer: its seats are held for the family until `expires_at`. */
export const waitlistOfferSchema = z.object({
  id: z.string(),
  seats: z.number().int(),
  /** ISO 8601 instant in UTC. */
  expires_at: z.string(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

export const waitlistEntryAttributesSchema = z.object({
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  seats: z.number().int(),
  /** 1 for the first in line, among the schedule's active (waiting or offered) entries. */
  place: z.number().int(),
  created_at: z.string(),
  klass_group_schedule: z.object({ id: z.string(), name: z.string() }),
  klass_group: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  /** The open offer, while the entry is offered. */
  offer: waitlistOfferSchema.nullable(),
  /** The family's account: staff lists only (null in a family's own list). */
  family: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type WaitlistEntryAttributes = z.infer<typeof waitlistEntryAttributesSchema>;

export const waitlistEntryResourceSchema = plainResourceObjectSchema(
  'waitlist_entries',
  waitlistEntryAttributesSchema,
);

export const waitlistEntryDocumentSchema = z.object({ data: waitlistEntryResourceSchema });
export type WaitlistEntryDocument = z.infer<typeof waitlistEntryDocumentSchema>;

export const waitlistEntryListDocumentSchema = z.object({
  data: z.array(waitlistEntryResourceSchema),
});
export type WaitlistEntryListDocument = z.infer<typeof waitlistEntryListDocumentSchema>;

/** A waitlist entry as the web holds it after `flatten`. */
export const waitlistEntrySchema = waitlistEntryAttributesSchema.extend({
  id: z.string(),
  type: z.literal('waitlist_entries'),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** `POST …/klass_group_schedules/{id}/waitlist`: how many seats the family waits for. */
export const joinWaitlistBodySchema = z.object({
  seats: z
    .number({ error: 'Required' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(WAITLIST_MAX_SEATS, `Must be at most ${WAITLIST_MAX_SEATS}`),
});
export type JoinWaitlistBody = z.infer<typeof joinWaitlistBodySchema>;

/** `PUT …/klass_group_schedules/{id}/waitlist`: every active entry of the line, in the new order. */
export const reorderWaitlistBodySchema = z.object({
  entry_ids: z.array(idSchema).min(1).max(1000),
});
export type ReorderWaitlistBody = z.input<typeof reorderWaitlistBodySchema>;

/** Why joining is refused (409 details) and the reorder's 422. */
export const WAITLIST_MESSAGES = {
  seatsAvailable: 'Seats are still available: book the class instead',
  alreadyWaiting: 'You are already on the waitlist for this class',
  moreThanCapacity: 'More seats than the class has',
  offerNotOpen: 'This offer is no longer open',
  reorderMismatch: 'List every entry waiting in this class exactly once',
} as const;
