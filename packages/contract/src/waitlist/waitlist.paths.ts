type Id = string | number;

/** Paths of the waitlist (docs/product.md#waitlist). */
export const WAITLIST_API = {
  /** GET: your active waitlist entries (waiting or offered), each with its open offer. */
  mine: '/api/v2/waitlist',
  /**
   * POST {seats}: join a full schedule's waitlist (409 while enough seats are left, 422 bad seats).
   * Staff: GET the schedule's line; PUT {entry_ids} puts it in that order.
   */
  scheduleWaitlist: (scheduleId: Id) => `/api/v2/klass_group_schedules/${scheduleId}/waitlist`,
  /** DELETE: you leave the line (your entry), or staff remove an entry. */
  entry: (id: Id) => `/api/v2/waitlist_entries/${id}`,
  /** POST: decline an open offer; its seats pass on. */
  declineOffer: (id: Id) => `/api/v2/waitlist_offers/${id}/decline`,
} as const;

/** SPA pages the waitlist's mail and notifications link to, relative to APP_BASE. */
export const WAITLIST_PAGES = {
  /** The booking page of one programme: the offer shows there with "Book now". */
  bookKlassGroup: (slug: string) => `/book_class?klass_group=${encodeURIComponent(slug)}`,
} as const;
