import { API } from '@atelier/contract';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { finishOpenapiDocument, type OpenapiDocument } from './openapi-document';

export type OpenapiPluginOptions = { appUrl: string };

/**
 * The OpenAPI document, generated from the route schemas, and its viewer at /api/docs. Registered
 * before the modules: fastify-swagger only sees the routes added after it.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance, opts: OpenapiPluginOptions) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Atelier API',
          version: '1.0.0',
          description:
            "The art school's API: JSON:API bodies, bearer sessions, money in integer cents.",
        },
        // Paths start at /api, so the server is the app's own URL (what APP_URL says behind a proxy).
        servers: [{ url: opts.appUrl, description: 'This server' }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: (document) =>
        'openapiObject' in document
          ? // The builder's types allow OpenAPI 3.0 to 3.2; ours is 3.0, read structurally.
            (finishOpenapiDocument(
              document.openapiObject as OpenapiDocument,
            ) as typeof document.openapiObject)
          : document.swaggerObject,
    });
    await app.register(fastifySwaggerUi, {
      routePrefix: API.docs,
      // Its page runs its own scripts, allowed by hash; like every page here, it may not be framed.
      staticCSP: true,
      transformStaticCSP: (policy) =>
        policy
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          // The embedded default serves plain http: upgrading its requests would break the page.
          .replace(/\s*upgrade-insecure-requests;?/, ''),
    });
  },
  { name: 'openapi' },
);
