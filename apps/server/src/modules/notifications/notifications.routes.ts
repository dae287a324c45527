import {
  API,
  markAllReadResponseSchema,
  notificationDocumentSchema,
  notificationIdParamsSchema,
  notificationListDocumentSchema,
  notificationListQuerySchema,
  unreadCountResponseSchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses } from '../../lib/http';
import { requireUser, sessionOf } from '../users';
import {
  avatarUrlFrom,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadNotificationCount,
} from './notifications.service';

const tags = ['notifications'];

/** docs/product.md#server-calls: the signed-in user's notifications (list, mark read, mark all read, unread count). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const avatarUrl = avatarUrlFrom(app.images);

  app.get(
    API.notifications,
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Your notifications, newest first, one page at a time',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListDocumentSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) =>
      listNotifications(app.db, sessionOf(request).user.id, request.query.page, avatarUrl),
  );

  app.put(
    API.notificationMarkRead(':id'),
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Marks one of your notifications read',
        params: notificationIdParamsSchema,
        response: { 200: notificationDocumentSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) =>
      markNotificationRead(app.db, sessionOf(request).user.id, request.params.id, avatarUrl),
  );

  app.put(
    API.notificationsMarkAllRead,
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Marks all your notifications read',
        response: { 200: markAllReadResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => markAllNotificationsRead(app.db, sessionOf(request).user.id),
  );

  app.get(
    API.notificationsUnreadCount,
    {
      schema: {
        tags,
        security: bearer,
        summary: 'How many of your notifications are unread',
        response: { 200: unreadCountResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => unreadNotificationCount(app.db, sessionOf(request).user.id),
  );
};
