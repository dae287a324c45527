import { errorDocumentSchema, ID_MAX, PAGE_SIZE, pageMetaSchema } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { errorResponses, guardianOf, pageMeta, pageWindow, personOf, viewerOf } from './http';

describe('route kit', () => {
  it('documents each error status with the error document', () => {
    expect(errorResponses(401, 403, 422)).toEqual({
      401: errorDocumentSchema,
      403: errorDocumentSchema,
      422: errorDocumentSchema,
    });
  });

  it('pages by PAGE_SIZE from page 1, also at the last page an id allows', () => {
    expect(pageWindow(1)).toEqual({ offset: 0, limit: PAGE_SIZE });
    expect(pageWindow(3)).toEqual({ offset: 2 * PAGE_SIZE, limit: PAGE_SIZE });
    expect(Number.isSafeInteger(pageWindow(ID_MAX).offset)).toBe(true);
    const meta = pageMeta(2, 41);
    expect(meta).toEqual({ total: 41, page: 2, per_page: PAGE_SIZE });
    expect(pageMetaSchema.parse(meta)).toEqual(meta);
  });

  it('names the person behind a viewer, and the second guardian acting for a family', () => {
    const holder = { id: 7, role: 'student' as const, userId: 7 };
    const guardian = { id: 7, role: 'student' as const, userId: 9 };
    const built = { id: 7, role: 'admin' as const };
    expect([personOf(holder), personOf(guardian), personOf(built)]).toEqual([7, 9, 7]);
    expect([guardianOf(holder), guardianOf(guardian), guardianOf(built)]).toEqual([null, 9, null]);
  });

  it("reads the viewer from the request's session, and answers a guest 401", () => {
    const signedIn = {
      session: { user: { id: 7, role: 'teacher', name: 'T' }, familyId: 7 },
      sessionError: null,
    } as unknown as FastifyRequest;
    expect(viewerOf(signedIn)).toEqual({ id: 7, role: 'teacher', userId: 7 });
    // A second guardian acts for the family they guard, as themself (docs/decisions/071-second-guardians.md).
    const guardian = {
      session: { user: { id: 9, role: 'student', name: 'G' }, familyId: 7 },
      sessionError: null,
    } as unknown as FastifyRequest;
    expect(viewerOf(guardian)).toEqual({ id: 7, role: 'student', userId: 9 });

    const guest = { session: null, sessionError: null } as unknown as FastifyRequest;
    expect(() => viewerOf(guest)).toThrowError(AppError);
    const refused = new AppError('unauthorized', 'Your session has expired');
    const expired = { session: null, sessionError: refused } as unknown as FastifyRequest;
    expect(() => viewerOf(expired)).toThrow(refused);
  });
});
