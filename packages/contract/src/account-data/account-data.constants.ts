// Numbers and messages of a family's data export and deletion, apart from the schemas (and zod) so
// the web's first visit can use them without loading a validator.

/** How long a mailed export link works, in seconds. */
export const ACCOUNT_EXPORT_LINK_LIFETIME_S = 7 * 24 * 60 * 60;
/** How long a mailed deletion link works, in seconds. */
export const ACCOUNT_DELETION_LINK_LIFETIME_S = 24 * 60 * 60;
/**
 * Above this many images an export is prepared in the background and mailed as a link instead of
 * answered at once (ACCOUNT_EXPORT_DIRECT_MAX_IMAGES overrides it on the server). Images are
 * counted, not measured: counting needs no read of the store, and each is at most a few MB.
 */
export const ACCOUNT_EXPORT_DIRECT_MAX_IMAGES = 40;

/** The name a deleted family's kept money records carry instead of theirs. */
export const deletedFamilyName = (userId: number) => `Deleted family #${userId}`;

export const ACCOUNT_DATA_MESSAGES = {
  passwordRequired: 'Required',
  passwordIncorrect: 'The password is not correct',
} as const;
