import { z } from 'zod';
import { idTextSchema } from '../common/id.schemas';
import { textSchema } from '../common/text.schemas';
import { translationsSchema } from '../common/translations.schemas';
import { LANGUAGES } from '../constants';
import { classRemindersSchema } from '../reminders/reminders.schemas';

export const roleSchema = z.enum(['student', 'teacher', 'admin']);
export type Role = z.infer<typeof roleSchema>;
export const ROLES = roleSchema.options;

/** Attributes of a `users` resource as the API returns it. */
export const userAttributesSchema = z.object({
  name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  role: roleSchema,
  timezone: z.string().nullable(),
  /** Null until the account's owner chooses a language (the web then keeps a guest's choice). */
  locale: z.enum(LANGUAGES).nullable(),
  /**
   * The public biography (teachers and admins; null when none). Only the account's own answers
   * carry it (GET /users/me, PUT /users/{id}); lists of users leave it out.
   */
  bio: z.string().nullable().optional(),
  /**
   * The bio in the other interface languages (`{ ja: { bio } }`), beside the English `bio`: the
   * own answers are what account settings edits, so they carry every language as written rather
   * than one chosen for the reader (docs/architecture.md#translated-content).
   */
  translations: translationsSchema({ bio: z.string() }).optional(),
  /**
   * The account's class reminders (docs/product.md#class-reminders). Like `bio`, only the
   * account's own answers carry it.
   */
  class_reminders: classRemindersSchema.optional(),
  /**
   * The family account this user acts for (docs/product.md#second-guardians): their own id, or
   * the family's when they are its second guardian. Only GET /users/me carries it.
   */
  family_id: z.string().optional(),
});
export type UserAttributes = z.infer<typeof userAttributesSchema>;

/** A user as the web holds it after flattening (docs/product.md#data-the-client-sees). */
export const userSchema = userAttributesSchema.extend({ id: z.string(), type: z.literal('users') });
export type User = z.infer<typeof userSchema>;

/** The `users` resource object (docs/architecture.md#http-contract): what `GET /api/v1/users/me` returns as `data`. */
export const userResourceSchema = z.object({
  id: z.string(),
  type: z.literal('users'),
  attributes: userAttributesSchema,
});
export type UserResource = z.infer<typeof userResourceSchema>;

/** A document holding one user: the response of `GET /api/v1/users/me`. */
export const userDocumentSchema = z.object({ data: userResourceSchema });
export type UserDocument = z.infer<typeof userDocumentSchema>;

/** The longest e-mail address SMTP carries (RFC 5321: a 254-character path). */
export const EMAIL_MAX_LENGTH = 254;

// Form messages of docs/product.md#validation: 'Required' when a field is missing or empty, else 'Invalid input'.
export const emailSchema = textSchema({
  min: 1,
  max: EMAIL_MAX_LENGTH,
  tooLong: 'Enter a valid e-mail address',
})
  .toLowerCase()
  .pipe(z.email('Enter a valid e-mail address'));

/** POST /api/v1/users/sign_in body. */
export const signInBodySchema = z.object({
  auth: z.object(
    // Any length up to a cap: a password set before today's rules still signs in.
    { email: emailSchema, password: textSchema({ min: 1, max: 1000, trim: false }) },
    { error: 'Required' },
  ),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** POST /api/v1/users/sign_in response: `data.jwt` is the session token. */
export const signInResponseSchema = z.object({ data: z.object({ jwt: z.string() }) });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/**
 * The JWT payload (docs/architecture.md#sessions); `exp` is in seconds (docs/product.md#data-the-client-sees). `iat` carries milliseconds as a
 * fraction (RFC 7519 NumericDate allows it) so a token issued in the same second as a "sign out
 * everywhere" is still ordered correctly against it.
 */
export const sessionClaimsSchema = z.object({
  /** The user's id: a forged larger one must never reach the database. */
  sub: idTextSchema(),
  role: roleSchema,
  iat: z.number(),
  exp: z.number(),
  jti: z.string(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

/** `meta.reason` of the 403 a correct sign-in gets while the e-mail address is unconfirmed. */
export const UNCONFIRMED_REASON = 'unconfirmed';
