import {
  ACCOUNTS_API,
  type ChangeEmailBody,
  type ChangePasswordBody,
  changeEmailResponseSchema,
  confirmResponseSchema,
  errorDocumentSchema,
  type Language,
  parseDocument,
  passwordResetDocumentSchema,
  type RegisterBody,
  sessionResponseSchema,
  TOKEN_ERROR_REASONS,
  type TokenErrorReason,
  type User,
  userSchema,
  userTokenDocumentSchema,
} from '@atelier/contract';
import { isAxiosError } from 'axios';
import { apiClient } from '../../lib/api-client';

/*
 * The accounts calls of docs/product.md#server-calls, as plain functions over the app's api client (so the timeout,
 * bearer header and 401 rules apply). They are one-shot commands whose failures the pages read in
 * detail (`meta.reason` of a refused link), which the RTK Query base query does not keep; nothing
 * here is cached.
 */

export async function register(body: RegisterBody): Promise<void> {
  await apiClient.post(ACCOUNTS_API.register, body);
}

/** Mails a new confirmation link to an unconfirmed address (same answer for any address). */
export async function resendConfirmation(email: string): Promise<void> {
  await apiClient.post(ACCOUNTS_API.resendConfirmation, { email });
}

/** Mails a new confirmation link to whoever holds an expired registration link. */
export async function resendConfirmationForToken(token: string): Promise<void> {
  await apiClient.post(ACCOUNTS_API.resendConfirmationForToken(encodeURIComponent(token)));
}

export type RegistrationLink = { email: string; name: string; redirect: string | null };

export async function checkUserToken(token: string): Promise<RegistrationLink> {
  const response = await apiClient.get(ACCOUNTS_API.userToken(encodeURIComponent(token)));
  const { email, name, redirect } = userTokenDocumentSchema.parse(response.data).data.attributes;
  return { email, name, redirect };
}

/** Confirms the address; the answer signs in (`jwt`) and says where to resume. */
export async function confirmUserToken(
  token: string,
): Promise<{ jwt: string; redirect: string | null }> {
  const response = await apiClient.put(ACCOUNTS_API.userToken(encodeURIComponent(token)));
  return confirmResponseSchema.parse(response.data).data;
}

export async function requestPasswordReset(email: string): Promise<void> {
  await apiClient.post(ACCOUNTS_API.passwordResets, { email });
}

export async function checkPasswordReset(token: string): Promise<{ email: string }> {
  const response = await apiClient.get(ACCOUNTS_API.passwordReset(encodeURIComponent(token)));
  return { email: passwordResetDocumentSchema.parse(response.data).data.attributes.email };
}

/** Sets the new password; the answer's jwt signs in (every older session is revoked). */
export async function resetPassword(token: string, password: string): Promise<string> {
  const response = await apiClient.put(ACCOUNTS_API.passwordReset(encodeURIComponent(token)), {
    password,
  });
  return sessionResponseSchema.parse(response.data).data.jwt;
}

export type ProfileChanges = {
  name?: string;
  timezone?: string;
  locale?: Language;
  removeAvatar?: boolean;
};

/** The multipart form PUT /api/v1/users/{id} takes (docs/product.md#server-calls), without the avatar file. */
export function profileForm(changes: ProfileChanges): FormData {
  const form = new FormData();
  if (changes.name !== undefined) form.append('name', changes.name);
  if (changes.timezone !== undefined) form.append('timezone', changes.timezone);
  if (changes.locale !== undefined) form.append('locale', changes.locale);
  if (changes.removeAvatar) form.append('remove_avatar', 'true');
  return form;
}

/** Parses the answer of PUT /api/v1/users/{id} (the updated user). */
export function parseUser(body: unknown): User {
  return parseDocument(userSchema, body);
}

export async function updateProfile(userId: string, changes: ProfileChanges): Promise<User> {
  const response = await apiClient.put(ACCOUNTS_API.user(userId), profileForm(changes));
  return parseUser(response.data);
}

/** Starts an e-mail change; resolves with the address the confirmation link went to. */
export async function changeEmail(userId: string, body: ChangeEmailBody): Promise<string> {
  const response = await apiClient.put(ACCOUNTS_API.userEmail(userId), body);
  return changeEmailResponseSchema.parse(response.data).meta.pending_email;
}

/** Applies an e-mail change from the mailed link; no session needed. */
export async function applyEmailChange(token: string): Promise<User> {
  const response = await apiClient.put(ACCOUNTS_API.emailToken(encodeURIComponent(token)));
  return parseUser(response.data);
}

/** Changes one's own password; resolves with the fresh token that replaces the current one. */
export async function changePassword(userId: string, body: ChangePasswordBody): Promise<string> {
  const response = await apiClient.put(ACCOUNTS_API.userPassword(userId), body);
  return sessionResponseSchema.parse(response.data).data.jwt;
}

/** Why a mailed link was refused (`meta.reason` of its 404/410), or null for other failures. */
export function linkFailureReason(error: unknown): TokenErrorReason | null {
  if (!isAxiosError(error) || !error.response) return null;
  const { status, data } = error.response;
  const parsed = errorDocumentSchema.safeParse(data);
  const reason = parsed.success ? parsed.data.errors[0]?.meta?.reason : undefined;
  if ((TOKEN_ERROR_REASONS as readonly unknown[]).includes(reason)) {
    return reason as TokenErrorReason;
  }
  // A proxy or an older server may answer without meta: the status still tells most of it.
  if (status === 404) return 'invalid';
  if (status === 410) return 'expired';
  return null;
}

/** `meta.reason` of any failed call (e.g. 'email_taken' on a 409), or null. */
export function failureReason(error: unknown): string | null {
  if (!isAxiosError(error) || !error.response) return null;
  const parsed = errorDocumentSchema.safeParse(error.response.data);
  const reason = parsed.success ? parsed.data.errors[0]?.meta?.reason : undefined;
  return typeof reason === 'string' ? reason : null;
}
