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

/**
 * Who is asking, as services take it: `id` is the account whose data the request acts on, the
 * signed-in user's own id, or the family's when the user is its second guardian (decision 071);
 * `userId` is the signed-in user's own (absent where a caller builds a viewer of its own: then
 * the same as `id`).
 */
export type Viewer = { id: number; role: Role; userId?: number };

/** The person asking, whichever family they act for: who to name as having done it. */
export const personOf = (viewer: Viewer): number => viewer.userId ?? viewer.id;

/** The second guardian acting for the viewer's family; null when the account itself acts. */
export function guardianOf(viewer: Viewer): number | null {
  const person = personOf(viewer);
  return person === viewer.id ? null : person;
}

/**
 * The signed-in user of a route guarded by requireUser / requireRole, turned into the scope its
 * family data is keyed by: the one place a session becomes "the family this user acts for"
 * (decision 071). Account settings and one's own notifications read `sessionOf(request).user`
 * instead. On an unguarded route a guest gets the 401 the guard would have given.
 */
export function viewerOf(request: FastifyRequest): Viewer {
  const session = request.session;
  if (!session) throw request.sessionError ?? unauthorized('Please sign in.');
  return { id: session.familyId, role: session.user.role, userId: session.user.id };
}

/** Which rows page `page` (from 1) of a paged list holds: PAGE_SIZE of them. */
export function pageWindow(page: number): { offset: number; limit: number } {
  return { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
}

/** `meta` of a paged list answer (pageMetaSchema): the total, this page and the page size. */
export function pageMeta(page: number, total: number): PageMeta {
  return { total, page, per_page: PAGE_SIZE };
}
