import { z } from 'zod';
import { idSchema, idTextSchema } from '../common/id.schemas';
import { pageMetaSchema, pageQuerySchema } from '../common/page.schemas';
import { textSchema } from '../common/text.schemas';
import { translationsSchema } from '../common/translations.schemas';
import { LANGUAGES } from '../constants';
import { classRemindersSchema } from '../reminders/reminders.schemas';
import { emailSchema, roleSchema, userResourceSchema } from '../users/users.schemas';
import {
  ACCOUNT_MESSAGES,
  BIO_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './accounts.constants';

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

export const personNameSchema = textSchema({
  min: 1,
  max: NAME_MAX_LENGTH,
  tooLong: `Use at most ${NAME_MAX_LENGTH} characters`,
});

/** A password as typed: never trimmed (spaces count), never a control character. */
const passwordTextSchema = () =>
  textSchema({
    min: 1,
    max: PASSWORD_MAX_LENGTH,
    trim: false,
    tooLong: ACCOUNT_MESSAGES.passwordTooLong,
  });

/**
 * Length only: the common-password list lives on the server (it would bloat the web bundle), which
 * answers a 422 `password` message when a password is on it.
 */
export const newPasswordSchema = passwordTextSchema().min(
  PASSWORD_MIN_LENGTH,
  ACCOUNT_MESSAGES.passwordTooShort,
);

/** True for an IANA time zone name this runtime knows (e.g. America/New_York, Asia/Tokyo, UTC). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timezoneSchema = textSchema({
  min: 1,
  max: 64,
  tooLong: ACCOUNT_MESSAGES.timezoneInvalid,
}).refine(isTimeZone, ACCOUNT_MESSAGES.timezoneInvalid);

/**
 * A teacher's or admin's biography as typed (line breaks kept); an empty one removes it. Other
 * accounts get a 422 on `bio`: only staff appear on the public instructors page.
 */
export const bioSchema = textSchema({
  max: BIO_MAX_LENGTH,
  multiline: true,
  tooLong: ACCOUNT_MESSAGES.bioTooLong,
});

export const localeSchema = z.enum(LANGUAGES, { error: ACCOUNT_MESSAGES.invalid });

/**
 * Where the client resumes after confirmation: a path on this site only (`/cart?x=1`), never
 * another origin (`//evil.test`, `/\evil.test`, `https://…`), so a mailed link cannot become an
 * open redirect.
 */
export function isSafeRedirect(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // Browsers read a backslash as a slash in http(s) URLs; control characters are never needed.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const base = 'http://same-origin.invalid';
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

export const safeRedirectSchema = textSchema({
  max: 2000,
  trim: false,
  tooLong: ACCOUNT_MESSAGES.invalid,
}).refine(isSafeRedirect, ACCOUNT_MESSAGES.invalid);

/** A token from a mailed link, as it appears in a path. Unknown ones answer 404, not 422. */
export const tokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
export type TokenParams = z.infer<typeof tokenParamsSchema>;

export const userIdParamsSchema = z.object({ id: idSchema });
export type UserIdParams = z.infer<typeof userIdParamsSchema>;

// ---------------------------------------------------------------------------------------------
// Registration and confirmation
// ---------------------------------------------------------------------------------------------

/** POST /api/v1/users. `query.redirect` is stored with the token and given back on confirmation. */
export const registerBodySchema = z.object({
  user: z.object(
    {
      name: personNameSchema,
      email: emailSchema,
      password: newPasswordSchema,
      timezone: timezoneSchema,
      locale: localeSchema.optional(),
      terms_accepted: z.literal(true, {
        error: (issue) =>
          issue.input === undefined ? ACCOUNT_MESSAGES.required : ACCOUNT_MESSAGES.termsRequired,
      }),
    },
    { error: ACCOUNT_MESSAGES.required },
  ),
  query: z.object({ redirect: safeRedirectSchema.optional() }).optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/**
 * 202 answer of every "we mailed you" request (register, resend, password reset request): always
 * exactly `{"data":null}`, whether or not the address has an account, so it tells nobody which
 * addresses do. The client shows its "check your e-mail" page.
 */
export const mailAcceptedResponseSchema = z.object({ data: z.null() });
export type MailAcceptedResponse = z.infer<typeof mailAcceptedResponseSchema>;

/** POST /api/v1/user_token and POST /api/v1/password_resets. */
export const emailOnlyBodySchema = z.object({ email: emailSchema });
export type EmailOnlyBody = z.infer<typeof emailOnlyBodySchema>;

/**
 * `meta.reason` of a refused mailed-link token: `invalid` (404: no such token), `expired` and
 * `used` (410). On `expired` the client offers "send a new link"; on a used registration token
 * it offers to sign in.
 */
export const TOKEN_ERROR_REASONS = ['invalid', 'expired', 'used'] as const;
export type TokenErrorReason = (typeof TOKEN_ERROR_REASONS)[number];

/** GET /api/v1/user_token/{token}: the account the link confirms. */
export const userTokenDocumentSchema = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('user_tokens'),
    attributes: z.object({
      email: z.string(),
      name: z.string(),
      /** ISO 8601 instant. */
      expires_at: z.string(),
      redirect: z.string().nullable(),
    }),
  }),
});
export type UserTokenDocument = z.infer<typeof userTokenDocumentSchema>;

/** PUT /api/v1/user_token/{token}: optional empty body. */
export const confirmBodySchema = z.object({}).nullish();

/** A fresh session: `data.jwt` replaces the stored token (signed in). */
export const sessionResponseSchema = z.object({ data: z.object({ jwt: z.string() }) });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** PUT /api/v1/user_token/{token}: signed in, and where to resume (null: the default page). */
export const confirmResponseSchema = z.object({
  data: z.object({ jwt: z.string(), redirect: z.string().nullable() }),
});
export type ConfirmResponse = z.infer<typeof confirmResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Password reset
// ---------------------------------------------------------------------------------------------

/** GET /api/v1/password_resets/{token}. */
export const passwordResetDocumentSchema = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('password_resets'),
    attributes: z.object({ email: z.string(), expires_at: z.string() }),
  }),
});
export type PasswordResetDocument = z.infer<typeof passwordResetDocumentSchema>;

/** PUT /api/v1/password_resets/{token}; answers sessionResponseSchema. */
export const passwordResetBodySchema = z.object({ password: newPasswordSchema });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

// ---------------------------------------------------------------------------------------------
// Account settings
// ---------------------------------------------------------------------------------------------

/**
 * The text fields of PUT /api/v1/users/{id} (multipart/form-data). Every field is optional; the
 * file field `avatar` (JPEG/PNG/WebP up to IMAGE_MAX_BYTES; 422 on `avatar` with
 * IMAGE_TYPE_MESSAGE or IMAGE_TOO_LARGE_MESSAGE otherwise) replaces the picture, and
 * `remove_avatar=true` removes it; `bio` (teachers and admins only) sets the public biography, and
 * an empty one removes it, and `translations.ja.bio` is its Japanese text; `class_reminders` chooses the account's class reminders. Answers
 * userDocumentSchema (with `bio`, `translations` and `class_reminders`); `avatar_url` is the square
 * thumbnail.
 */
export const updateUserFieldsSchema = z.object({
  name: personNameSchema.optional(),
  bio: bioSchema.optional(),
  /**
   * The bio in the other languages (teachers and admins only), replacing what was stored; an
   * empty one removes that language's bio. In the multipart form the field is `translations.ja.bio`.
   */
  translations: translationsSchema({ bio: bioSchema }).optional(),
  timezone: timezoneSchema.optional(),
  locale: localeSchema.optional(),
  class_reminders: classRemindersSchema.optional(),
  remove_avatar: z.enum(['true', 'false'], { error: ACCOUNT_MESSAGES.invalid }).optional(),
});
export type UpdateUserFields = z.infer<typeof updateUserFieldsSchema>;

/**
 * PUT /api/v1/users/{id}/email. `current_password` is required when changing one's own address
 * (an admin changing someone else's leaves it out). Answers the user, unchanged, with
 * `meta.pending_email`: the address stays until the mailed link is opened.
 */
export const changeEmailBodySchema = z.object({
  email: emailSchema,
  current_password: textSchema({
    max: PASSWORD_MAX_LENGTH,
    trim: false,
    tooLong: ACCOUNT_MESSAGES.passwordTooLong,
  }).optional(),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

export const changeEmailResponseSchema = z.object({
  data: userResourceSchema,
  meta: z.object({ pending_email: z.string() }),
});
export type ChangeEmailResponse = z.infer<typeof changeEmailResponseSchema>;

/**
 * PUT /api/v1/users/{id}/password (own account only). Every other session is signed out; the
 * answer's `data.jwt` (sessionResponseSchema) replaces the caller's token.
 */
export const changePasswordBodySchema = z.object({
  current_password: passwordTextSchema(),
  password: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

// ---------------------------------------------------------------------------------------------
// User search
// ---------------------------------------------------------------------------------------------

/** Ids from `exceptions=1,2` or `exceptions=1&exceptions=2` (or both); junk entries are refused. */
const idListSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  )
  .pipe(z.array(idTextSchema()).max(500));

/** GET /api/v1/users/search (teachers and admins). */
export const userSearchQuerySchema = pageQuerySchema.extend({
  /** Matched against name and e-mail, case-insensitive; empty or absent matches everyone. */
  keyword: textSchema({ max: 100 }).optional(),
  /** User ids left out of the answer. */
  exceptions: idListSchema.optional(),
  role: roleSchema.optional(),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;

/** A page of users, ordered by name. */
export const userListDocumentSchema = z.object({
  data: z.array(userResourceSchema),
  meta: pageMetaSchema,
});
export type UserListDocument = z.infer<typeof userListDocumentSchema>;
