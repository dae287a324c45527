// Class passes' numbers and messages (server and web), apart from their schemas.

/** The most visits one pass holds, and the longest it may last. */
export const MAX_PASS_VISITS = 100;
export const MAX_PASS_VALIDITY_DAYS = 730;

/** Where a purchase stands: visits to book, all used, lapsed, or taken back by a refund. */
export const PASS_PURCHASE_STATES = ['active', 'used_up', 'expired', 'revoked'] as const;
export type PassPurchaseState = (typeof PASS_PURCHASE_STATES)[number];

/** Field and conflict messages of drop-ins. */
export const PASS_MESSAGES = {
  noPass: 'Choose a pass of your family',
  notYourChild: 'Choose a child of your family',
  expired: 'This pass has expired',
  revoked: 'This pass was refunded',
  usedUp: 'This pass has no visits left',
  notAccepted: 'This pass cannot be used for this class',
  noClass: 'No such class',
  cancelled: 'This class is cancelled',
  started: 'This class has already started',
  full: 'This class is full',
  alreadyIn: 'This child is already booked into this class',
  dropInCancelled: 'This visit was already cancelled',
  guestCart: 'Sign in to buy a class pass',
  passUnavailable: 'This pass is no longer on sale',
} as const;
