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
} as const;
