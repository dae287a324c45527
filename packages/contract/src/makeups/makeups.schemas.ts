import { z } from 'zod';
import { idSchema } from '../common/id.schemas';
import { MAKEUP_CREDIT_STATES, MAKEUP_REASON_MAX } from './makeups.constants';

// Absences and make-ups (docs/product.md#absences-and-make-ups): a family reports an absence
// before a session; within the school's policy the child gets a credit that books one seat in
// any upcoming session with a free seat, in person or online.

const reasonSchema = z
  .string()
  .trim()
  .max(MAKEUP_REASON_MAX, `At most ${MAKEUP_REASON_MAX} characters`)
  .optional();

/** POST /api/v2/klasses/{id}/absences */
export const reportAbsenceBodySchema = z.object({
  attendee_profile_id: idSchema,
  reason: reasonSchema,
});
export type ReportAbsenceBody = z.input<typeof reportAbsenceBodySchema>;

/** DELETE /api/v2/klasses/{id}/absences/{attendee_profile_id} */
export const absenceParamsSchema = z.object({ id: idSchema, attendee_profile_id: idSchema });

export const absenceDocumentSchema = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('absences'),
    attributes: z.object({
      klass_id: z.string(),
      attendee_profile_id: z.string(),
      reason: z.string(),
      created_at: z.string(),
      /** The credit it gave, or null when the term's make-ups are used up. */
      makeup_credit_id: z.string().nullable(),
    }),
  }),
});
export type AbsenceDocument = z.infer<typeof absenceDocumentSchema>;

/** POST /api/v2/admin/makeup_credits */
export const grantMakeupCreditBodySchema = z.object({
  attendee_profile_id: idSchema,
  klass_id: idSchema,
  reason: reasonSchema,
});
export type GrantMakeupCreditBody = z.input<typeof grantMakeupCreditBodySchema>;

export const makeupCreditSchema = z.object({
  id: z.string(),
  attendee_profile_id: z.string(),
  child_name: z.string(),
  source: z.enum(['absence', 'staff']),
  origin_klass_id: z.string().nullable(),
  origin_starts_at: z.string().nullable(),
  origin_name: z.string().nullable(),
  expires_at: z.string(),
  state: z.enum(MAKEUP_CREDIT_STATES),
  used_at: z.string().nullable(),
  /** The live booking it paid for, if any. */
  booking: z
    .object({ id: z.string(), klass_id: z.string(), starts_at: z.string(), name: z.string() })
    .nullable(),
});
export type MakeupCredit = z.infer<typeof makeupCreditSchema>;

export const makeupCreditDocumentSchema = z.object({ data: makeupCreditSchema });
export type MakeupCreditDocument = z.infer<typeof makeupCreditDocumentSchema>;
export const makeupCreditListDocumentSchema = z.object({ data: z.array(makeupCreditSchema) });
export type MakeupCreditListDocument = z.infer<typeof makeupCreditListDocumentSchema>;

/** A reported absence of the family's from a session still ahead: it can be taken back. */
export const familyAbsenceSchema = z.object({
  klass_id: z.string(),
  attendee_profile_id: z.string(),
  child_name: z.string(),
  starts_at: z.string(),
  /** The credit it gave, or null when the term's make-ups were used up. */
  makeup_credit_id: z.string().nullable(),
});
export type FamilyAbsence = z.infer<typeof familyAbsenceSchema>;
export const familyAbsenceListDocumentSchema = z.object({ data: z.array(familyAbsenceSchema) });
export type FamilyAbsenceListDocument = z.infer<typeof familyAbsenceListDocumentSchema>;

/** POST /api/v2/makeup_bookings */
export const bookMakeupBodySchema = z.object({ makeup_credit_id: idSchema, klass_id: idSchema });
export type BookMakeupBody = z.input<typeof bookMakeupBodySchema>;

export const makeupBookingDocumentSchema = z.object({
  data: z.object({
    id: z.string(),
    makeup_credit_id: z.string(),
    klass_id: z.string(),
    attendee_profile_id: z.string(),
    created_at: z.string(),
    cancelled_at: z.string().nullable(),
  }),
});
export type MakeupBookingDocument = z.infer<typeof makeupBookingDocumentSchema>;

/** GET /api/v2/makeup_bookings/options?makeup_credit_id= */
export const makeupOptionsQuerySchema = z.object({ makeup_credit_id: idSchema });

export const makeupOptionSchema = z.object({
  klass_id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  programme: z.string(),
  schedule_name: z.string(),
  format: z.enum(['in_person', 'online']),
  seats_left: z.number().int(),
});
export type MakeupOption = z.infer<typeof makeupOptionSchema>;
export const makeupOptionsDocumentSchema = z.object({ data: z.array(makeupOptionSchema) });
export type MakeupOptionsDocument = z.infer<typeof makeupOptionsDocumentSchema>;
