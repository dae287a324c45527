import {
  ACCOUNTS_API,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type ClassReminders,
  changeEmailResponseSchema,
  confirmResponseSchema,
  type Language,
  parseDocument,
  passwordResetDocumentSchema,
  type RegisterBody,
  sessionResponseSchema,
  type UpdateUserFields,
  type User,
  userSchema,
  userTokenDocumentSchema,
} from '@atelier/contract';
import { api } from '../../lib/api';
import type { UploadProgressEvent } from '../../lib/http-client';

export type RegistrationLink = { email: string; name: string; redirect: string | null };

type ProfileChanges = {
  name?: string;
  timezone?: string;
  locale?: Language;
  /** What the family hears before its classes (docs/product.md#class-reminders). */
  classReminders?: ClassReminders;
  /** Teachers and admins: the public biography ('' removes it). */
  bio?: string;
  /** Teachers and admins: the bio in other languages (`{ ja: { bio } }`; '' removes one). */
  translations?: UpdateUserFields['translations'];
  removeAvatar?: boolean;
  /** A new profile picture (multipart field `avatar`). */
  avatar?: File;
};

/** The multipart form PUT /api/v1/users/{id} takes (docs/product.md#server-calls). */
function profileForm(changes: ProfileChanges): FormData {
  const form = new FormData();
  if (changes.name !== undefined) form.append('name', changes.name);
  if (changes.timezone !== undefined) form.append('timezone', changes.timezone);
  if (changes.locale !== undefined) form.append('locale', changes.locale);
  if (changes.classReminders !== undefined) form.append('class_reminders', changes.classReminders);
  if (changes.bio !== undefined) form.append('bio', changes.bio);
  const bioJa = changes.translations?.ja?.bio;
  if (bioJa !== undefined) form.append('translations.ja.bio', bioJa);
  if (changes.removeAvatar) form.append('remove_avatar', 'true');
  if (changes.avatar) form.append('avatar', changes.avatar);
  return form;
}

function parseUser(body: unknown): User {
  return parseDocument(userSchema, body);
}

/** Answers that carry nothing the page reads. */
const nothing = () => null;

/*
 * The accounts calls of docs/product.md#server-calls. Commands are mutations; the checks of a
 * mailed link are queries. A refused link's `meta.reason` reaches the caller in the ApiError
 * (`reason`), which link-failure.ts reads. The signed-in user is the session's (the top bar shows
 * it): a change to it also invalidates the 'User' tag, so a cached GET /me is not served stale.
 */
export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<null, RegisterBody>({
      query: (body) => ({ url: ACCOUNTS_API.register, method: 'POST', data: body }),
      transformResponse: nothing,
    }),
    /** Mails a new confirmation link to an unconfirmed address (same answer for any address). */
    resendConfirmation: build.mutation<null, string>({
      query: (email) => ({ url: ACCOUNTS_API.resendConfirmation, method: 'POST', data: { email } }),
      transformResponse: nothing,
    }),
    /** Mails a new confirmation link to whoever holds an expired registration link. */
    resendConfirmationForToken: build.mutation<null, string>({
      query: (token) => ({
        url: ACCOUNTS_API.resendConfirmationForToken(encodeURIComponent(token)),
        method: 'POST',
      }),
      transformResponse: nothing,
    }),
    /** Who a registration link is for; refused (404/410 with a reason) when it cannot be used. */
    checkUserToken: build.query<RegistrationLink, string>({
      query: (token) => ACCOUNTS_API.userToken(encodeURIComponent(token)),
      transformResponse: (body: unknown): RegistrationLink => {
        const { email, name, redirect } = userTokenDocumentSchema.parse(body).data.attributes;
        return { email, name, redirect };
      },
    }),
    /** Confirms the address; the answer signs in (`jwt`) and says where to resume. */
    confirmUserToken: build.mutation<{ jwt: string; redirect: string | null }, string>({
      query: (token) => ({ url: ACCOUNTS_API.userToken(encodeURIComponent(token)), method: 'PUT' }),
      transformResponse: (body: unknown) => confirmResponseSchema.parse(body).data,
    }),
    requestPasswordReset: build.mutation<null, string>({
      query: (email) => ({ url: ACCOUNTS_API.passwordResets, method: 'POST', data: { email } }),
      transformResponse: nothing,
    }),
    /** Whose password a reset link is for; refused like a registration link. */
    checkPasswordReset: build.query<{ email: string }, string>({
      query: (token) => ACCOUNTS_API.passwordReset(encodeURIComponent(token)),
      transformResponse: (body: unknown) => ({
        email: passwordResetDocumentSchema.parse(body).data.attributes.email,
      }),
    }),
    /** Sets the new password; the answer's jwt signs in (every older session is revoked). */
    resetPassword: build.mutation<string, { token: string; password: string }>({
      query: ({ token, password }) => ({
        url: ACCOUNTS_API.passwordReset(encodeURIComponent(token)),
        method: 'PUT',
        data: { password },
      }),
      transformResponse: (body: unknown) => sessionResponseSchema.parse(body).data.jwt,
    }),
    /** PUT /api/v1/users/{id} as multipart (a picture may ride along, with upload progress). */
    updateProfile: build.mutation<
      User,
      {
        userId: string;
        changes: ProfileChanges;
        onUploadProgress?: (event: UploadProgressEvent) => void;
      }
    >({
      query: ({ userId, changes, onUploadProgress }) => ({
        url: ACCOUNTS_API.user(userId),
        method: 'PUT',
        data: profileForm(changes),
        onUploadProgress,
      }),
      transformResponse: parseUser,
      invalidatesTags: ['User'],
    }),
    /** Starts an e-mail change; answers the address the confirmation link went to. */
    changeEmail: build.mutation<string, { userId: string; body: ChangeEmailBody }>({
      query: ({ userId, body }) => ({
        url: ACCOUNTS_API.userEmail(userId),
        method: 'PUT',
        data: body,
      }),
      transformResponse: (body: unknown) =>
        changeEmailResponseSchema.parse(body).meta.pending_email,
    }),
    /** Applies an e-mail change from the mailed link; no session needed. */
    applyEmailChange: build.mutation<User, string>({
      query: (token) => ({
        url: ACCOUNTS_API.emailToken(encodeURIComponent(token)),
        method: 'PUT',
      }),
      transformResponse: parseUser,
      invalidatesTags: ['User'],
    }),
    /** Changes one's own password; answers the fresh token that replaces the current one. */
    changePassword: build.mutation<string, { userId: string; body: ChangePasswordBody }>({
      query: ({ userId, body }) => ({
        url: ACCOUNTS_API.userPassword(userId),
        method: 'PUT',
        data: body,
      }),
      transformResponse: (body: unknown) => sessionResponseSchema.parse(body).data.jwt,
    }),
  }),
});

export const {
  useRegisterMutation,
  useResendConfirmationMutation,
  useResendConfirmationForTokenMutation,
  useConfirmUserTokenMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useUpdateProfileMutation,
  useChangeEmailMutation,
  useApplyEmailChangeMutation,
  useChangePasswordMutation,
} = accountsApi;
