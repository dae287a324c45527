import {
  ACCOUNTS_API,
  changeEmailBodySchema,
  changeEmailResponseSchema,
  changePasswordBodySchema,
  confirmBodySchema,
  confirmResponseSchema,
  emailOnlyBodySchema,
  type FieldError,
  mailAcceptedResponseSchema,
  passwordResetBodySchema,
  passwordResetDocumentSchema,
  registerBodySchema,
  sessionResponseSchema,
  tokenParamsSchema,
  type UpdateUserFields,
  updateUserFieldsSchema,
  userDocumentSchema,
  userIdParamsSchema,
  userTokenDocumentSchema,
} from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidationError } from '../../lib/app-error';
import { bearer, errorResponses } from '../../lib/http';
import { acceptUploads } from '../../storage/storage.plugin';
import { readMultipartForm } from '../../storage/uploads';
import { requireUser, sessionOf } from '../users';
import {
  type AvatarUpload,
  applyEmailChange,
  changePassword,
  requestEmailChange,
  updateUser,
} from './account-settings.service';
import { accountsContextOf } from './accounts.context';
import { checkPasswordReset, requestPasswordReset, resetPassword } from './password-reset.service';
import {
  checkConfirmationToken,
  confirmAddress,
  register,
  resendConfirmation,
  resendConfirmationForToken,
} from './registration.service';

const tags = ['accounts'];
const errors = errorResponses(401, 403, 404, 410, 422, 429);

/** `{user: {...}}` as JSON: the same fields as the multipart form of PUT /users/{id}. */
const updateUserJsonBodySchema = z.object({ user: updateUserFieldsSchema }).nullish();

function fieldErrors(issues: z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'base',
    detail: issue.message,
  }));
}

/**
 * Oversized files are truncated at the limit rather than thrown, so the answer is a field message.
 * parts()'s type leaves this option out, but the plugin honours it (FastifyMultipartBaseOptions).
 */
/**
 * A form's flat fields with `translations.<language>.<field>` gathered into the nested
 * `translations` member the JSON body has, so both parse with one schema and a 422 names the
 * field as the form does. Any other dotted name is left as it is (and refused by the schema).
 */
function nestTranslationFields(fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const translations: Record<string, Record<string, string>> = {};
  for (const [name, value] of Object.entries(fields)) {
    const { language, field } =
      /^translations\.(?<language>[a-z]+)\.(?<field>[a-z_]+)$/.exec(name)?.groups ?? {};
    if (language === undefined || field === undefined) {
      out[name] = value;
      continue;
    }
    translations[language] = { ...translations[language], [field]: value };
  }
  if (Object.keys(translations).length > 0) out.translations = translations;
  return out;
}

/**
 * Reads the multipart form of PUT /users/{id}: text fields, and the file field `avatar`; an
 * oversized avatar becomes `{tooLarge: true}` so the answer is a 422 on `avatar`.
 */
async function readUserForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; avatar: AvatarUpload | undefined }> {
  const form = await readMultipartForm(request, 'avatar');
  const fields = nestTranslationFields(form.fields);
  if (form.file === 'too_large') return { fields, avatar: { tooLarge: true } };
  return { fields, avatar: form.file ? { data: form.file } : undefined };
}

/**
 * Registration, confirmation, password reset and account settings (docs/product.md#routes-and-screens and #server-calls; docs/architecture.md#sessions).
 * Every "we mailed you" answer is the same whether or not the address has an account.
 */
const registerAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app);
  const ctx = accountsContextOf({
    db: app.db,
    mailer: app.mail.mailer,
    sessions: app.sessions,
    images: app.images,
    rateLimits: app.rateLimits,
  });

  app.post(
    ACCOUNTS_API.register,
    {
      schema: {
        tags,
        summary:
          'Register: creates an unconfirmed student and mails a confirmation link. Answers 202 the same way for an address that already has an account (which is mailed instead).',
        body: registerBodySchema,
        response: { 202: mailAcceptedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await register(ctx, request.body, request.ip);
      return reply.code(202).send({ data: null });
    },
  );

  app.get(
    ACCOUNTS_API.userToken(':token'),
    {
      schema: {
        tags,
        summary:
          'Checks a registration link: 404 meta.reason invalid; 410 meta.reason expired or used',
        params: tokenParamsSchema,
        response: { 200: userTokenDocumentSchema, ...errors },
      },
    },
    async (request) => ({ data: await checkConfirmationToken(ctx, request.params.token) }),
  );

  app.put(
    ACCOUNTS_API.userToken(':token'),
    {
      schema: {
        tags,
        summary:
          'Confirms the address and signs in: data.jwt, and data.redirect (the registration query.redirect, or null)',
        params: tokenParamsSchema,
        body: confirmBodySchema,
        response: { 200: confirmResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await confirmAddress(ctx, request.params.token) }),
  );

  app.post(
    ACCOUNTS_API.resendConfirmation,
    {
      schema: {
        tags,
        summary:
          'Mails a new confirmation link if the address has an unconfirmed account; always 202',
        body: emailOnlyBodySchema,
        response: { 202: mailAcceptedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await resendConfirmation(ctx, request.body.email, request.ip);
      return reply.code(202).send({ data: null });
    },
  );

  app.post(
    ACCOUNTS_API.resendConfirmationForToken(':token'),
    {
      schema: {
        tags,
        summary:
          'Mails a new confirmation link to the owner of an expired registration link (410 used when already confirmed)',
        params: tokenParamsSchema,
        response: { 202: mailAcceptedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await resendConfirmationForToken(ctx, request.params.token, request.ip);
      return reply.code(202).send({ data: null });
    },
  );

  app.post(
    ACCOUNTS_API.passwordResets,
    {
      schema: {
        tags,
        summary: 'Mails a password reset link if the address has an account; always 202',
        body: emailOnlyBodySchema,
        response: { 202: mailAcceptedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.body.email, request.ip);
      return reply.code(202).send({ data: null });
    },
  );

  app.get(
    ACCOUNTS_API.passwordReset(':token'),
    {
      schema: {
        tags,
        summary:
          'Checks a password reset link: 404 meta.reason invalid; 410 meta.reason expired or used',
        params: tokenParamsSchema,
        response: { 200: passwordResetDocumentSchema, ...errors },
      },
    },
    async (request) => ({ data: await checkPasswordReset(ctx, request.params.token) }),
  );

  app.put(
    ACCOUNTS_API.passwordReset(':token'),
    {
      schema: {
        tags,
        summary:
          'Sets the new password, signs out every session of the account and signs in (data.jwt)',
        params: tokenParamsSchema,
        body: passwordResetBodySchema,
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await resetPassword(ctx, request.params.token, request.body.password),
    }),
  );

  app.put(
    ACCOUNTS_API.emailToken(':token'),
    {
      schema: {
        tags,
        summary:
          'Applies an e-mail change from the mailed link (no session needed) and tells the old address; 409 if the address was taken meanwhile',
        params: tokenParamsSchema,
        response: { 200: userDocumentSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request) => ({ data: await applyEmailChange(ctx, request.params.token) }),
  );

  app.put(
    ACCOUNTS_API.user(':id'),
    {
      // Before validation: a guest learns nothing about the body, only that it must sign in.
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Updates name, timezone, locale, class reminders, bio (teachers and admins) and avatar of your account (admins: any account). multipart/form-data with fields name, timezone, locale, class_reminders, bio, translations.ja.bio, remove_avatar=true and the file avatar (JPEG/PNG/WebP up to 5 MB); JSON {user: {...}} without a file also works.',
        consumes: ['multipart/form-data', 'application/json'],
        params: userIdParamsSchema,
        body: updateUserJsonBodySchema,
        response: { 200: userDocumentSchema, ...errors, ...errorResponses(413) },
      },
    },
    async (request) => {
      let raw: unknown;
      let avatar: AvatarUpload | undefined;
      if (request.isMultipart()) {
        const form = await readUserForm(request);
        raw = form.fields;
        avatar = form.avatar;
      } else {
        raw = request.body?.user ?? {};
      }
      const parsed = updateUserFieldsSchema.safeParse(raw);
      if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error.issues));
      const fields: UpdateUserFields = parsed.data;
      const user = await updateUser(
        ctx,
        sessionOf(request).user,
        request.params.id,
        fields,
        avatar,
      );
      return { data: user };
    },
  );

  app.put(
    ACCOUNTS_API.userEmail(':id'),
    {
      // Before validation: a guest learns nothing about the body, only that it must sign in.
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Starts an e-mail change: mails a link to the new address (202). current_password is required for your own account.',
        params: userIdParamsSchema,
        body: changeEmailBodySchema,
        response: { 202: changeEmailResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, pendingEmail } = await requestEmailChange(
        ctx,
        sessionOf(request).user,
        request.params.id,
        request.body,
      );
      return reply.code(202).send({ data: user, meta: { pending_email: pendingEmail } });
    },
  );

  app.put(
    ACCOUNTS_API.userPassword(':id'),
    {
      // Before validation: a guest learns nothing about the body, only that it must sign in.
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Changes your password: signs out every other session; data.jwt replaces your token',
        params: userIdParamsSchema,
        body: changePasswordBodySchema,
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await changePassword(
        ctx,
        sessionOf(request).user,
        request.params.id,
        request.body,
      );
      // The token this request came with is revoked: no refreshed copy of it on the way out.
      request.session = null;
      return { data: result };
    },
  );
};

export const accountsRoutes = fp(registerAccountsRoutes, {
  name: 'accounts',
  dependencies: ['db', 'storage', 'mail', 'rate-limits', 'auth'],
  encapsulate: true,
});
