import {
  CLASSES_API,
  catalogueKlassGroupDocumentSchema,
  catalogueListDocumentSchema,
  catalogueQuerySchema,
  catalogueScheduleDocumentSchema,
  catalogueSlugParamsSchema,
  idParamsSchema,
  type Language,
} from '@atelier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { LANGUAGE_VARY, requestLanguage } from '../../lib/request-language';
import { catalogueKlassGroup, catalogueList, catalogueSchedule } from './catalogue.service';
import type { CatalogueCache } from './catalogue-cache';
import type { ClassesRouteOptions } from './classes.context';

const tags = ['catalogue (public)'];

/** Picks the best encoding the client accepts among those we pre-compress. */
function encodingFor(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * Sends a cached body: 304 when the client holds it already, else the bytes (compressed once per
 * body, not per request). `private`: a shared cache must not keep a response that may carry a
 * refreshed session token in its Authorization header. Bodies are kept per reader's language
 * (the key starts with it, so each language has its own ETag) and vary on what decides it.
 */
async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: CatalogueCache,
  key: string,
  build: (language: Language) => Promise<unknown>,
) {
  const language = requestLanguage(request);
  const body = await cache.get(`${language}:${key}`, () => build(language));
  reply.header('etag', body.etag);
  reply.header('cache-control', 'private, no-cache');
  reply.header('vary', `accept-encoding, ${LANGUAGE_VARY}`);
  reply.header('content-language', language);
  if (request.headers['if-none-match'] === body.etag) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = encodingFor(request);
  if (!encoding || body.json.length < 1024) return reply.send(body.json);
  reply.header('content-encoding', encoding);
  return reply.send(await body.encoded(encoding));
}

/** The public catalogue: published programmes, open to everyone, served from a cache. */
export const catalogueRoutes: FastifyPluginAsyncZod<
  ClassesRouteOptions & { cache: CatalogueCache }
> = async (app, opts) => {
  const { ctx, cache } = opts;

  app.get(
    CLASSES_API.catalogue,
    {
      // Bodies are compressed once per cache entry here, not by @fastify/compress per request.
      compress: false,
      schema: {
        tags,
        summary:
          'A page of published programmes with their current schedules, teachers, plans, add-ons, seats left and upcoming sessions',
        querystring: catalogueQuerySchema,
        response: { 200: catalogueListDocumentSchema, ...errorResponses(422) },
      },
    },
    (request, reply) => {
      const { page, audience, format } = request.query;
      return sendCached(
        request,
        reply,
        cache,
        `list:${page}:${audience ?? ''}:${format ?? ''}`,
        async (language) =>
          // Checked against the contract once per build, since cached bytes skip the serializer.
          catalogueListDocumentSchema.parse(
            await catalogueList(ctx, { page, audience, format }, language),
          ),
      );
    },
  );

  app.get(
    CLASSES_API.catalogueKlassGroup(':slug'),
    {
      compress: false,
      schema: {
        tags,
        summary: 'One published programme by its slug, with the same related resources',
        params: catalogueSlugParamsSchema,
        response: { 200: catalogueKlassGroupDocumentSchema, ...errorResponses(404, 422) },
      },
    },
    (request, reply) =>
      sendCached(request, reply, cache, `slug:${request.params.slug}`, async (language) =>
        catalogueKlassGroupDocumentSchema.parse(
          await catalogueKlassGroup(ctx, request.params.slug, language),
        ),
      ),
  );

  app.get(
    CLASSES_API.catalogueSchedule(':id'),
    {
      compress: false,
      schema: {
        tags,
        summary: 'One schedule of a published programme, with its programme and related resources',
        params: idParamsSchema,
        response: { 200: catalogueScheduleDocumentSchema, ...errorResponses(404, 422) },
      },
    },
    (request, reply) =>
      sendCached(request, reply, cache, `schedule:${request.params.id}`, async (language) =>
        catalogueScheduleDocumentSchema.parse(
          await catalogueSchedule(ctx, request.params.id, language),
        ),
      ),
  );
};
