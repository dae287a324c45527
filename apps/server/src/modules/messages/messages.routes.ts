import {
  createMessageBodySchema,
  idParamsSchema,
  MESSAGES_API,
  messageAudienceQuerySchema,
  messageDocumentSchema,
  messageListDocumentSchema,
  messageScheduleListDocumentSchema,
  pageQuerySchema,
  userListDocumentSchema,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { requestLanguage } from '../../lib/request-language';
import { notify } from '../notifications';
import { requireRole, requireUser } from '../users';
import type { MessagesReads } from './messages.context';
import {
  familiesToMessage,
  getMessage,
  listReceivedMessages,
  listSentMessages,
  type MessagesContext,
  schedulesToMessage,
  sendMessage,
} from './messages.service';

const tags = ['messages'];

/**
 * What class messages need from the app: its database, mailer, notifications and avatars, and
 * the reads across other modules' tables.
 */
export function messagesContextOf(
  app: FastifyInstance,
  reads: MessagesReads,
  now = () => new Date(),
): MessagesContext {
  return {
    db: app.db,
    reads,
    mailer: app.mail.mailer,
    notify: (input) => notify(app, input),
    avatarUrl: (key) => app.images.urls(key).thumbUrl,
    now,
    log: app.log,
  };
}

export type MessagesPluginOptions = {
  /** Who a message reaches and the lists (read-models/message-lists): app.ts hands them over. */
  reads: MessagesReads;
};

/** Class messages (docs/product.md#class-messages): staff write to classes and families; families read. */
const registerMessagesPlugin: FastifyPluginAsyncZod<MessagesPluginOptions> = async (app, opts) => {
  const ctx = messagesContextOf(app, opts.reads);
  const staff = { onRequest: requireRole('teacher', 'admin') };

  app.post(
    MESSAGES_API.list,
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary:
          'Send a message to the families of a schedule, of one session, or chosen families: each gets a notification and an e-mail in their language',
        body: createMessageBodySchema,
        response: { 201: messageDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sendMessage(ctx, viewerOf(request), request.body.message)),
  );

  app.get(
    MESSAGES_API.list,
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary: 'The messages you sent, newest first, each with how many families read it',
        querystring: pageQuerySchema,
        response: { 200: messageListDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) =>
      listSentMessages(ctx, viewerOf(request), request.query.page, requestLanguage(request)),
  );

  app.get(
    MESSAGES_API.received,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary: 'The messages you received, newest first, each with when you read it',
        querystring: pageQuerySchema,
        response: { 200: messageListDocumentSchema, ...errorResponses(401, 422) },
      },
    },
    (request) =>
      listReceivedMessages(ctx, viewerOf(request), request.query.page, requestLanguage(request)),
  );

  app.get(
    MESSAGES_API.schedules,
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary:
          'The schedules you may write to (teachers: those they teach; admins: all), with their sessions and how many families they reach',
        querystring: messageAudienceQuerySchema,
        response: { 200: messageScheduleListDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => schedulesToMessage(ctx, viewerOf(request), request.query),
  );

  app.get(
    MESSAGES_API.families,
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary:
          'The family accounts you may write to by name (teachers: families enrolled in their classes; admins: all), by name',
        querystring: messageAudienceQuerySchema,
        response: { 200: userListDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => familiesToMessage(ctx, viewerOf(request), request.query),
  );

  app.get(
    MESSAGES_API.one(':id'),
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'One message: its sender or an admin sees each recipient’s read time; a recipient sees it, which marks it read',
        params: idParamsSchema,
        response: { 200: messageDocumentSchema, ...errorResponses(401, 404, 422) },
      },
    },
    (request) => getMessage(ctx, viewerOf(request), request.params.id, requestLanguage(request)),
  );
};

export const messagesPlugin = fp(registerMessagesPlugin, {
  name: 'messages',
  dependencies: ['db', 'storage', 'mail', 'auth', 'notifications'],
  encapsulate: true,
});
