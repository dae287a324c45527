import { z } from 'zod';
import { LANGUAGES } from '../constants';

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
  locale: z.enum(LANGUAGES),
});
export type UserAttributes = z.infer<typeof userAttributesSchema>;

/** A user as the web holds it after flattening (SPEC §3). */
export const userSchema = userAttributesSchema.extend({ id: z.string(), type: z.literal('users') });
export type User = z.infer<typeof userSchema>;

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

/** POST /api/v1/users/sign_in body. */
export const signInBodySchema = z.object({
  auth: z.object({ email: emailSchema, password: z.string().min(1) }),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** POST /api/v1/users/sign_in response: `data.jwt` is the session token. */
export const signInResponseSchema = z.object({ data: z.object({ jwt: z.string() }) });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** The JWT payload (DESIGN §4); `exp` is in seconds (SPEC §3). */
export const sessionClaimsSchema = z.object({
  sub: z.string(),
  role: roleSchema,
  iat: z.number(),
  exp: z.number(),
  jti: z.string(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;
