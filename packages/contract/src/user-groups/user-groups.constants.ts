// Limits and messages of the user group calls, kept apart from the schemas (and zod) so the web
// can translate a message without loading a validator (docs/decisions/022-one-id-one-text-one-page-schema.md).

/** The longest group name. */
export const USER_GROUP_NAME_MAX_LENGTH = 100;
/** The most accounts one request adds to a group. */
export const USER_GROUP_MAX_ADDED = 100;

/** Messages the server answers for user groups, so the web can match or translate them. */
export const USER_GROUP_MESSAGES = {
  nameTaken: 'A group with this name already exists',
  unknownUsers: 'Some of these accounts do not exist',
  inUse: (coupons: number) =>
    `This group cannot be deleted: ${coupons} coupon${coupons === 1 ? ' is' : 's are'} kept for it. Change or delete ${coupons === 1 ? 'that coupon' : 'those coupons'} first.`,
} as const;
