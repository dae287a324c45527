import { idParamsSchema, type ResourceDeclaration } from '@atelier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses } from './http';

// The resource route kit (docs/architecture.md#adding-a-resource, decision 058): list, get,
// create, update and delete of a declared resource, each parsed with the declaration's schemas
// (a mismatch is a 422 with one entry per field), behind the module's guard, documented in
// OpenAPI like a hand-written route, and answered by the module's service. The module adds its
// own routes beside these for whatever else the resource does (a group's members, a walk-in's
// booking). lib/ imports no module: the guard and the service functions are given.

/** The Fastify instance a route plugin receives (Zod type provider). */
type App = Parameters<FastifyPluginAsyncZod>[0];

/** An onRequest guard (requireRole(...)): it runs before validation, so 401/403 come first. */
type Guard = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;

type R = ResourceDeclaration;
/** The fields of a create (or update) body, as the service takes them. */
export type CreateFields<D extends R> = z.output<D['createBodySchema']>[D['name']];
export type UpdateFields<D extends R> = z.output<D['updateBodySchema']>[D['name']];

/**
 * The service behind each route. List and get are always there; leave out create, update or
 * delete and that route is not registered (walk-ins are never deleted). Each gets the request
 * for what else it needs (`viewerOf(request)`).
 */
export type ResourceHandlers<D extends R> = {
  list: (query: z.output<D['listQuery']>, request: FastifyRequest) => Promise<unknown>;
  get: (id: number, request: FastifyRequest) => Promise<unknown>;
  create?: (fields: CreateFields<D>, request: FastifyRequest) => Promise<unknown>;
  update?: (id: number, fields: UpdateFields<D>, request: FastifyRequest) => Promise<unknown>;
  delete?: (id: number, request: FastifyRequest) => Promise<void>;
};

export type ResourceRouteOptions<D extends R> = {
  /** Who may call every route of the resource. */
  guard: Guard;
  /** OpenAPI tags of its routes (default: the type, `rooms`). */
  tags?: string[];
  /** OpenAPI summaries: what each route does, in the resource's words (default: made from its name). */
  summaries?: { list?: string; get?: string; create?: string; update?: string; delete?: string };
  /** The service behind the routes: the kit's (`resourceService(…).handlers(ctx)`) or the module's. */
  handlers: ResourceHandlers<D>;
  /**
   * Statuses a route may answer besides the usual ones (409 for a delete refused while in use,
   * which a declaration with `uses` has without saying so).
   */
  moreErrors?: { create?: number[]; update?: number[]; delete?: number[] };
};

/**
 * Registers the routes of `resource` on `app`: GET collection (a page), POST collection (201),
 * GET member, PUT or PATCH member (as declared), DELETE member (204). Every answer is checked
 * against the declaration's document schemas.
 */
export function resourceRoutes<D extends R>(
  app: App,
  resource: D,
  options: ResourceRouteOptions<D>,
): void {
  const { guard, handlers, summaries = {} } = options;
  const tags = options.tags ?? [resource.type];
  const moreErrors = { ...(resource.uses ? { delete: [409] } : {}), ...options.moreErrors };
  const { collection, member } = resource.paths;
  const one = resource.documentSchema;
  const common = { tags, security: bearer };
  const bodyOf = (request: FastifyRequest) =>
    (request.body as Record<string, unknown>)[resource.name] as never;
  const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;

  app.get(
    collection,
    {
      onRequest: guard,
      schema: {
        ...common,
        summary: summaries.list ?? `A page of ${resource.type}`,
        querystring: resource.listQuery,
        response: { 200: resource.listDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => handlers.list(request.query as z.output<D['listQuery']>, request),
  );

  const create = handlers.create;
  if (create) {
    app.post(
      collection,
      {
        onRequest: guard,
        schema: {
          ...common,
          summary: summaries.create ?? `Create a ${resource.name}`,
          body: resource.createBodySchema,
          response: {
            201: one,
            ...errorResponses(401, 403, ...(moreErrors.create ?? []), 422),
          },
        },
      },
      async (request, reply) => reply.code(201).send(await create(bodyOf(request), request)),
    );
  }

  app.get(
    member(':id'),
    {
      onRequest: guard,
      schema: {
        ...common,
        summary: summaries.get ?? `One ${resource.name}`,
        params: idParamsSchema,
        response: { 200: one, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => handlers.get(idOf(request), request),
  );

  const update = handlers.update;
  if (update) {
    app.route({
      method: resource.updateMethod,
      url: member(':id'),
      onRequest: guard,
      schema: {
        ...common,
        summary: summaries.update ?? `Change a ${resource.name}`,
        params: idParamsSchema,
        body: resource.updateBodySchema,
        response: {
          200: one,
          ...errorResponses(401, 403, 404, ...(moreErrors.update ?? []), 422),
        },
      },
      handler: (request) => update(idOf(request), bodyOf(request), request),
    });
  }

  const remove = handlers.delete;
  if (remove) {
    app.delete(
      member(':id'),
      {
        onRequest: guard,
        schema: {
          ...common,
          summary: summaries.delete ?? `Delete a ${resource.name}`,
          params: idParamsSchema,
          response: {
            204: z.null().describe('Deleted'),
            ...errorResponses(401, 403, 404, ...(moreErrors.delete ?? []), 422),
          },
        },
      },
      async (request, reply) => {
        await remove(idOf(request), request);
        return reply.code(204).send(null);
      },
    );
  }
}

/** `resourceRoutes` as a plugin of its own, for a module's plugin to register beside its others. */
export function resourcePlugin<D extends R>(
  resource: D,
  options: ResourceRouteOptions<D>,
): FastifyPluginAsyncZod {
  return async (app) => resourceRoutes(app, resource, options);
}
