import {
  ATTENDANCE_API,
  type AttendanceRoll,
  type AttendanceStatus,
  attendanceRollSchema,
  type FamilyAttendance,
  type FamilyAttendanceQuery,
  familyAttendanceListDocumentSchema,
  familyAttendanceSchema,
  parseDocument,
  type ScheduleAttendanceKlass,
  type ScheduleAttendanceMeta,
  scheduleAttendanceDocumentSchema,
  scheduleAttendanceKlassSchema,
} from '@atelier/contract';
import { z } from 'zod';
import { api, reportLoadFailure } from '../../lib/api';

/** One mark to save; `null` takes a mark back. */
export type MarkInput = { attendeeProfileId: string; status: AttendanceStatus | null };

/** A page of a family's attendance: the rows and the list's paging. */
export type FamilyAttendancePage = {
  rows: FamilyAttendance[];
  total: number;
  page: number;
  perPage: number;
};

/** A page of a schedule's sessions (klasses) with their marks, and the attendees (the other axis). */
export type ScheduleAttendancePage = {
  klasses: ScheduleAttendanceKlass[];
  meta: ScheduleAttendanceMeta;
};

const rollTag = (klassId: string) => ({ type: 'Attendance' as const, id: `klass-${klassId}` });
// Any save may change a family's list or a schedule's matrix: they refetch on the list tag.
const LISTS = { type: 'Attendance' as const, id: 'LISTS' };

/** Attendance (docs/product.md#attendance): rolls and marks, a family's list, a schedule's matrix. */
export const attendanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    attendanceRoll: build.query<AttendanceRoll, string>({
      query: (klassId) => ATTENDANCE_API.klass(klassId),
      transformResponse: (raw: unknown) => parseDocument(attendanceRollSchema, raw),
      // A session moved or cancelled (classes) changes whether its roll may be marked.
      providesTags: (_result, _error, klassId) => [rollTag(klassId), 'Klass'],
      onQueryStarted: reportLoadFailure,
    }),
    markAttendance: build.mutation<AttendanceRoll, { klassId: string; marks: MarkInput[] }>({
      query: ({ klassId, marks }) => ({
        url: ATTENDANCE_API.klass(klassId),
        method: 'PUT',
        data: {
          attendances: marks.map((m) => ({
            attendee_profile_id: m.attendeeProfileId,
            status: m.status,
          })),
        },
      }),
      transformResponse: (raw: unknown) => parseDocument(attendanceRollSchema, raw),
      async onQueryStarted({ klassId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(attendanceApi.util.upsertQueryData('attendanceRoll', klassId, data));
        } catch {
          // The dialog reports the failure; the cached roll stays as it was.
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : [LISTS]),
    }),
    familyAttendance: build.query<FamilyAttendancePage, FamilyAttendanceQuery>({
      query: (params) => ({ url: ATTENDANCE_API.family, params }),
      transformResponse: (raw: unknown) => {
        const { meta } = familyAttendanceListDocumentSchema.parse(raw);
        return {
          rows: parseDocument(z.array(familyAttendanceSchema), raw),
          total: meta.total,
          page: meta.page,
          perPage: meta.per_page,
        };
      },
      providesTags: [LISTS],
      onQueryStarted: reportLoadFailure,
    }),
    scheduleAttendance: build.query<ScheduleAttendancePage, { scheduleId: string; page: number }>({
      query: ({ scheduleId, page }) => ({
        url: ATTENDANCE_API.schedule(scheduleId),
        params: { page },
      }),
      transformResponse: (raw: unknown) => ({
        klasses: parseDocument(z.array(scheduleAttendanceKlassSchema), raw),
        meta: scheduleAttendanceDocumentSchema.parse(raw).meta,
      }),
      providesTags: [LISTS],
      onQueryStarted: reportLoadFailure,
    }),
  }),
});

export const {
  useAttendanceRollQuery,
  useMarkAttendanceMutation,
  useFamilyAttendanceQuery,
  useScheduleAttendanceQuery,
} = attendanceApi;
