import {
  type FamilyAbsence,
  familyAbsenceListDocumentSchema,
  MAKEUPS_API,
  type MakeupCredit,
  type MakeupOption,
  makeupCreditListDocumentSchema,
  makeupOptionsDocumentSchema,
} from '@atelier/contract';
import { api, reportLoadFailure } from '../../lib/api';

const CREDITS = { type: 'Makeup' as const, id: 'CREDITS' };

/** Absences and make-ups (docs/product.md#absences-and-make-ups). */
export const makeupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    makeupCredits: build.query<MakeupCredit[], void>({
      query: () => MAKEUPS_API.credits,
      transformResponse: (raw: unknown) => makeupCreditListDocumentSchema.parse(raw).data,
      providesTags: [CREDITS],
      onQueryStarted: reportLoadFailure,
    }),
    familyAbsences: build.query<FamilyAbsence[], void>({
      query: () => MAKEUPS_API.familyAbsences,
      transformResponse: (raw: unknown) => familyAbsenceListDocumentSchema.parse(raw).data,
      providesTags: [CREDITS],
      onQueryStarted: reportLoadFailure,
    }),
    makeupOptions: build.query<MakeupOption[], string>({
      query: (creditId) => ({ url: MAKEUPS_API.options, params: { makeup_credit_id: creditId } }),
      transformResponse: (raw: unknown) => makeupOptionsDocumentSchema.parse(raw).data,
      providesTags: [CREDITS],
    }),
    reportAbsence: build.mutation<
      unknown,
      { klassId: string; attendeeProfileId: string; reason: string }
    >({
      query: ({ klassId, attendeeProfileId, reason }) => ({
        url: MAKEUPS_API.absences(klassId),
        method: 'POST',
        data: { attendee_profile_id: attendeeProfileId, reason },
      }),
      invalidatesTags: (_r, error) => (error ? [] : [CREDITS, 'Attendance']),
    }),
    bookMakeup: build.mutation<unknown, { creditId: string; klassId: string }>({
      query: ({ creditId, klassId }) => ({
        url: MAKEUPS_API.bookings,
        method: 'POST',
        data: { makeup_credit_id: creditId, klass_id: klassId },
      }),
      invalidatesTags: (_r, error) => (error ? [] : [CREDITS, 'Attendance']),
    }),
    withdrawAbsence: build.mutation<void, { klassId: string; attendeeProfileId: string }>({
      query: ({ klassId, attendeeProfileId }) => ({
        url: MAKEUPS_API.absence(klassId, attendeeProfileId),
        method: 'DELETE',
      }),
      invalidatesTags: (_r, error) => (error ? [] : [CREDITS, 'Attendance']),
    }),
    cancelMakeup: build.mutation<unknown, string>({
      query: (bookingId) => ({ url: MAKEUPS_API.booking(bookingId), method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [CREDITS, 'Attendance']),
    }),
    grantMakeupCredit: build.mutation<
      unknown,
      { klassId: string; attendeeProfileId: string; reason: string }
    >({
      query: ({ klassId, attendeeProfileId, reason }) => ({
        url: MAKEUPS_API.adminCredits,
        method: 'POST',
        data: { attendee_profile_id: attendeeProfileId, klass_id: klassId, reason },
      }),
      invalidatesTags: (_r, error) => (error ? [] : [CREDITS, 'Attendance']),
    }),
  }),
});

export const {
  useMakeupCreditsQuery,
  useFamilyAbsencesQuery,
  useMakeupOptionsQuery,
  useReportAbsenceMutation,
  useBookMakeupMutation,
  useWithdrawAbsenceMutation,
  useCancelMakeupMutation,
  useGrantMakeupCreditMutation,
} = makeupsApi;
