// Trial classes' constants, apart from their schemas: the web's first-visit code reads the messages
// without bringing zod (docs/decisions/021-precompressed-assets-and-first-visit-budget.md).

/**
 * A trial booking's states: `booked` once free or paid (the seat is the child's), `cancelled`
 * when taken back. A paid trial not yet paid is no booking: it is a cart or order item.
 */
export const TRIAL_BOOKING_STATUSES = ['booked', 'cancelled'] as const;
export type TrialBookingStatus = (typeof TRIAL_BOOKING_STATUSES)[number];

/** Why a request is refused (409 details and 422 field messages). */
export const TRIAL_MESSAGES = {
  noTrial: 'This programme offers no trial class',
  started: 'This class has already started',
  cancelled: 'This class is cancelled',
  notYourChild: 'Not a child of your family',
  alreadyTried: 'This child has already had a trial of this programme',
  alreadyEnrolled: 'This child is already enrolled in this programme',
  full: 'This class has no free seat',
  noBooking: 'No such trial booking',
  bookingCancelled: 'This trial booking is already cancelled',
} as const;
