// Limits and messages of the accounts calls, kept apart from the schemas (and zod) so the web's
// first visit can translate a message without loading a validator.

export const PASSWORD_MIN_LENGTH = 10;
/** argon2 takes any length; a cap keeps one request from costing more than a normal one. */
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
/** A teacher's short biography on the public instructors page: a paragraph or two. */
export const BIO_MAX_LENGTH = 1000;
/** How long a mailed link works (docs/architecture.md#sessions), in seconds. */
export const TOKEN_LIFETIME_S = {
  confirmation: 24 * 60 * 60,
  password_reset: 60 * 60,
  email_change: 24 * 60 * 60,
} as const;

/** Field messages the server sends, so the web can match or translate them. */
export const ACCOUNT_MESSAGES = {
  required: 'Required',
  invalid: 'Invalid input',
  passwordTooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordIncorrect: 'The current password is not correct',
  termsRequired: 'You must accept the Terms of Use',
  timezoneInvalid: 'Choose a valid time zone',
  emailUnchanged: 'This is already your e-mail address',
  bioTooLong: `Use at most ${BIO_MAX_LENGTH} characters`,
  bioNotAllowed: 'Only teachers and admins have a public bio',
} as const;
