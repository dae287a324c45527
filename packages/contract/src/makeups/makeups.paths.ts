type Id = string | number;

/** API paths of absences and make-ups (docs/product.md#absences-and-make-ups). */
export const MAKEUPS_API = {
  /** POST {attendee_profile_id, reason?}: the family reports their child absent from an upcoming session. */
  absences: (klassId: Id) => `/api/v2/klasses/${klassId}/absences`,
  /** DELETE: the family takes the report back before the session starts (its unused credit goes too). */
  absence: (klassId: Id, attendeeProfileId: Id) =>
    `/api/v2/klasses/${klassId}/absences/${attendeeProfileId}`,
  /** GET the signed-in family's reported absences from sessions still ahead, soonest first. */
  familyAbsences: '/api/v2/account/absences',
  /** GET the signed-in family's make-up credits, newest first. */
  credits: '/api/v2/account/makeup_credits',
  /** POST {attendee_profile_id, klass_id, reason?}: an admin grants a credit. */
  adminCredits: '/api/v2/admin/makeup_credits',
  /** POST {makeup_credit_id, klass_id}: spends a credit on a seat in a session. */
  bookings: '/api/v2/makeup_bookings',
  /** DELETE: cancels a make-up before its session starts; the credit comes back unless expired. */
  booking: (id: Id) => `/api/v2/makeup_bookings/${id}`,
  /** GET `?makeup_credit_id=`: the upcoming sessions with a free seat the credit may book. */
  options: '/api/v2/makeup_bookings/options',
} as const;
