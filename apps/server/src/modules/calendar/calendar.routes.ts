import {
  CLASSES_API,
  calendarDocumentSchema,
  calendarFeedDocumentSchema,
  calendarFeedParamsSchema,
  calendarQuerySchema,
} from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { requestLanguage } from '../../lib/request-language';
import { requireUser } from '../users';
import {
  type CalendarDeps,
  calendarDocument,
  getFeed,
  icsForToken,
  regenerateFeed,
  revokeFeed,
} from './calendar.service';

const tags = ['calendar'];

/**
 * A feed belongs to the person signed in, not to the family they act for: each guardian has their
 * own URL, and one removed from the family stops seeing its classes through it
 * (docs/decisions/080-a-feed-per-guardian.md).
 */
function feedOwnerOf(request: FastifyRequest): number {
  const viewer = viewerOf(request);
  return viewer.userId ?? viewer.id;
}

/** Everyone's class calendar (/classes) and the private iCalendar feed. */
const registerCalendarRoutes: FastifyPluginAsyncZod<
  Omit<CalendarDeps, 'db' | 'imageUrls'>
> = async (app, opts) => {
  const deps: CalendarDeps = { ...opts, db: app.db, imageUrls: app.images.urls };
  const signedIn = { onRequest: requireUser };

  app.get(
    CLASSES_API.calendarKlasses,
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Sessions starting in [from, to) that concern the signed-in user (admin: all; teacher: taught; student: their attendees enrolled)',
        security: bearer,
        querystring: calendarQuerySchema,
        response: { 200: calendarDocumentSchema, ...errorResponses(401, 422) },
      },
    },
    (request) => calendarDocument(deps, viewerOf(request), request.query, requestLanguage(request)),
  );

  app.get(
    CLASSES_API.calendarFeed,
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The signed-in user's private iCalendar feed URL (null when none)",
        security: bearer,
        response: { 200: calendarFeedDocumentSchema, ...errorResponses(401) },
      },
    },
    (request) => getFeed(deps, feedOwnerOf(request)),
  );

  app.post(
    CLASSES_API.calendarFeed,
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Make a new feed URL; the previous one stops working',
        security: bearer,
        response: { 201: calendarFeedDocumentSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await regenerateFeed(deps, feedOwnerOf(request))),
  );

  app.delete(
    CLASSES_API.calendarFeed,
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Revoke the feed URL',
        security: bearer,
        response: { 204: z.null().describe('Revoked'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await revokeFeed(deps, feedOwnerOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    CLASSES_API.calendarIcs(':token'),
    {
      schema: {
        tags,
        summary:
          'The iCalendar feed (text/calendar) of a feed token; no sign-in, the token is the key',
        params: calendarFeedParamsSchema,
        response: {
          200: {
            description: 'The feed',
            content: { 'text/calendar': { schema: z.string().describe('iCalendar (RFC 5545)') } },
          },
          ...errorResponses(404, 422),
        },
      },
    },
    async (request, reply) => {
      const text = await icsForToken(deps, request.params.token);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', 'noindex')
        .send(text);
    },
  );
};

export const calendarRoutes = fp(registerCalendarRoutes, {
  name: 'calendar',
  dependencies: ['db', 'storage', 'auth'],
  encapsulate: true,
});
