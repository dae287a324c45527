import {
  ATTENDANCE_API,
  attendanceRollDocumentSchema,
  familyAttendanceListDocumentSchema,
  familyAttendanceQuerySchema,
  idParamsSchema,
  markAttendanceBodySchema,
  pageQuerySchema,
  scheduleAttendanceDocumentSchema,
} from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { requestLanguage } from '../../lib/request-language';
import { requireRole, requireUser } from '../users';
import type { AttendanceReads } from './attendance.context';
import {
  type AttendanceContext,
  familyAttendance,
  getRoll,
  markAttendance,
  scheduleAttendance,
} from './attendance.service';

const tags = ['attendance'];

export type AttendanceRoutesOptions = {
  /** The clock; tests pin it. */
  now?: () => Date;
  /** Who may be marked and a family's rows (read-models/attendance-lists): app.ts hands it over. */
  reads: AttendanceReads;
};

/** Attendance (docs/product.md#attendance): rolls of sessions, a family's marks, a schedule's matrix. */
const registerAttendanceRoutes: FastifyPluginAsyncZod<AttendanceRoutesOptions> = async (
  app,
  opts,
) => {
  const ctx: AttendanceContext = {
    db: app.db,
    now: opts.now ?? (() => new Date()),
    reads: opts.reads,
  };
  const staff = { onRequest: requireRole('teacher', 'admin') };

  app.get(
    ATTENDANCE_API.klass(':id'),
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary:
          'A session’s roll: everyone actively enrolled in its schedule with their mark or null (admins, its teacher)',
        params: idParamsSchema,
        response: { 200: attendanceRollDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => getRoll(ctx, viewerOf(request), request.params.id, requestLanguage(request)),
  );

  app.put(
    ATTENDANCE_API.klass(':id'),
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary:
          'Mark attendees present, absent or late (null takes a mark back); from the session’s day, never for a cancelled one',
        params: idParamsSchema,
        body: markAttendanceBodySchema,
        response: {
          200: attendanceRollDocumentSchema,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    (request) =>
      markAttendance(
        ctx,
        viewerOf(request),
        request.params.id,
        request.body.attendances,
        requestLanguage(request),
      ),
  );

  app.get(
    ATTENDANCE_API.family,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Your children’s attendance of sessions that have started, the latest first (another family’s child: 404)',
        querystring: familyAttendanceQuerySchema,
        response: { 200: familyAttendanceListDocumentSchema, ...errorResponses(401, 404, 422) },
      },
    },
    (request) => familyAttendance(ctx, viewerOf(request), request.query, requestLanguage(request)),
  );

  app.get(
    ATTENDANCE_API.schedule(':id'),
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary:
          'A page of a schedule’s sessions in time order with each enrolled attendee’s mark and the counts (admins, its teacher)',
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: scheduleAttendanceDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => scheduleAttendance(ctx, viewerOf(request), request.params.id, request.query.page),
  );
};

export const attendanceRoutes = fp(registerAttendanceRoutes, {
  name: 'attendance',
  dependencies: ['db', 'auth'],
  encapsulate: true,
});
