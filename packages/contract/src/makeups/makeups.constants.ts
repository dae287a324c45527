// Make-ups' constants, apart from its schemas: the web's first-visit code reads the messages
// without bringing zod (docs/decisions/021-precompressed-assets-and-first-visit-budget.md).

export const MAKEUP_CREDIT_STATES = ['available', 'used', 'expired', 'revoked'] as const;
export type MakeupCreditState = (typeof MAKEUP_CREDIT_STATES)[number];

export const MAKEUP_REASON_MAX = 500;

/** Why a request is refused (409 details and 422 field messages). */
export const MAKEUP_MESSAGES = {
  started: 'This session has already started',
  cancelled: 'This session is cancelled',
  notEnrolled: 'Not enrolled in this class',
  notYourChild: 'Not a child of your family',
  alreadyReported: 'This absence is already reported',
  noAbsence: 'No absence reported for this child in this session',
  creditUnavailable: 'This make-up credit is used, expired or withdrawn',
  noCredit: 'No such make-up credit',
  full: 'This session has no free seat',
  alreadyIn: 'The child is already in this session',
  noBooking: 'No such make-up booking',
  bookingCancelled: 'This make-up booking is already cancelled',
} as const;
