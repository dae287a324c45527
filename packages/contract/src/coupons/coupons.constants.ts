// Limits and messages of the coupon calls, kept apart from the schemas (and zod) so the web can
// translate a message without loading a validator (docs/decisions/022-one-id-one-text-one-page-schema.md).

/** The most uses a limit may name. */
export const COUPON_MAX_REDEMPTIONS = 1_000_000;

/** Messages the server answers for coupons, so the web can match or translate them. */
export const COUPON_MESSAGES = {
  codeTaken: 'A coupon with this code already exists',
  codeCharacters: 'Use letters, digits, - and _ only',
  percentTooHigh: 'A percentage is at most 100',
  amountTooLow: 'Must be at least 1',
  windowOrder: 'Must be after the start',
  unknownUserGroup: 'This group does not exist',
  unknownKlassGroup: 'This programme does not exist',
  /** Why a code typed at the desk for a walk-in does not apply (staff may hear why). */
  unknownCode: 'No coupon has this code',
  notYetValid: 'This coupon is not valid yet',
  expired: 'This coupon has expired',
  usedUp: 'This coupon has been used up',
  usedUpByPerson: 'This customer has already used this coupon as often as it allows',
  groupOnly: "This coupon is kept for a user group a walk-in isn't in",
  notForClass: 'This coupon is not for this class',
} as const;

/** A reason in COUPON_MESSAGES why a coupon does not apply. */
export type CouponRefusal =
  | 'unknownCode'
  | 'notYetValid'
  | 'expired'
  | 'usedUp'
  | 'usedUpByPerson'
  | 'groupOnly'
  | 'notForClass';
