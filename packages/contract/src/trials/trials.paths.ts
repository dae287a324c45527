type Id = string | number;

/** API paths of trial classes (docs/product.md#trial-classes). */
export const TRIALS_API = {
  /**
   * POST {klass_id, attendee_profile_id}: books the child's one trial of the class's programme
   * (a free trial at once; a paid one goes into the cart and is the child's once paid).
   * GET: the signed-in family's trial bookings, newest first.
   */
  bookings: '/api/v2/trial_bookings',
  /** DELETE: cancels a trial before its class starts (a paid one's price becomes account credit). */
  booking: (id: Id) => `/api/v2/trial_bookings/${id}`,
  /** GET `?klass_group_id=`: the programme's upcoming classes with a free seat, to choose a trial from. */
  options: '/api/v2/trial_bookings/options',
} as const;
