import { errorDocumentSchema } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../users';
import type { ClassesContext, Viewer } from './classes.context';

/** Options every classes route plugin receives. */
export type ClassesRouteOptions = { ctx: ClassesContext };

export const bearer = [{ bearer: [] }];

/** Error responses a route documents, as JSON:API error documents. */
export function errorResponses<const C extends readonly number[]>(...codes: C) {
  return Object.fromEntries(codes.map((c) => [c, errorDocumentSchema])) as {
    [K in C[number]]: typeof errorDocumentSchema;
  };
}

/** The signed-in user of a guarded route, as services take it. */
export function viewerOf(request: FastifyRequest): Viewer {
  const { user } = sessionOf(request);
  return { id: user.id, role: user.role };
}
