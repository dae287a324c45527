import { errorDocumentSchema, PAGE_SIZE, type PageMeta, type Role } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from './app-error';

// The route kit: what every route file declares the same way (docs/architecture.md#http-contract).
// lib/ imports no module; the session it reads is put on the request by the users module's auth
// hook (modules/users/auth.plugin.ts), which declares `request.session` for the whole app.

/** OpenAPI security of a route that needs a session: `Authorization: Bearer <token>`. */
export const bearer = [{ bearer: [] }];

/**
 * OpenAPI security of a route open to visitors that answers a signed-in user differently: a
 * bearer token, or none (the empty requirement).
 */
export const optionalBearer = [...bearer, {}];

/** The error responses a route documents, each a JSON:API error document: `errorResponses(401, 422)`. */
export function errorResponses<const C extends readonly number[]>(...codes: C) {
  return Object.fromEntries(codes.map((c) => [c, errorDocumentSchema])) as {
    [K in C[number]]: typeof errorDocumentSchema;
  };
}

/** Who is asking: the signed-in user's id and role, as services take it. */
export type Viewer = { id: number; role: Role };

/**
 * The signed-in user of a route guarded by requireUser / requireRole. On an unguarded route a
 * guest gets the 401 the guard would have given (why its token was refused, or "sign in").
 */
export function viewerOf(request: FastifyRequest): Viewer {
  const user = request.session?.user;
  if (!user) throw request.sessionError ?? unauthorized('Please sign in.');
  return { id: user.id, role: user.role };
}

/** Which rows page `page` (from 1) of a paged list holds: PAGE_SIZE of them. */
export function pageWindow(page: number): { offset: number; limit: number } {
  return { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
}

/** `meta` of a paged list answer (pageMetaSchema): the total, this page and the page size. */
export function pageMeta(page: number, total: number): PageMeta {
  return { total, page, per_page: PAGE_SIZE };
}
