import {
  TRIALS_API,
  type TrialBooking,
  type TrialOptionsDocument,
  trialBookingDocumentSchema,
  trialBookingListDocumentSchema,
  trialCartedDocumentSchema,
  trialOptionsDocumentSchema,
} from '@atelier/contract';
import { api, reportLoadFailure } from '../../lib/api';

const TRIALS = { type: 'Trial' as const, id: 'LIST' };

/** Trial classes (docs/product.md#trial-classes). */
export const trialsApi = api.injectEndpoints({
  endpoints: (build) => ({
    trialBookings: build.query<TrialBooking[], void>({
      query: () => TRIALS_API.bookings,
      transformResponse: (raw: unknown) => trialBookingListDocumentSchema.parse(raw).data,
      providesTags: [TRIALS],
      onQueryStarted: reportLoadFailure,
    }),
    trialOptions: build.query<TrialOptionsDocument, string>({
      query: (klassGroupId) => ({
        url: TRIALS_API.options,
        params: { klass_group_id: klassGroupId },
      }),
      transformResponse: (raw: unknown) => trialOptionsDocumentSchema.parse(raw),
      providesTags: [TRIALS],
    }),
    /**
     * A free trial is booked at once (201); a paid one goes into the family's cart (202, decision
     * 077): answers which, so the dialog can offer the cart.
     */
    bookTrial: build.mutation<{ carted: boolean }, { klassId: string; attendeeProfileId: string }>({
      query: ({ klassId, attendeeProfileId }) => ({
        url: TRIALS_API.bookings,
        method: 'POST',
        data: { klass_id: klassId, attendee_profile_id: attendeeProfileId },
      }),
      transformResponse: (raw: unknown) => {
        const carted = trialCartedDocumentSchema.safeParse(raw);
        if (carted.success) return { carted: true };
        trialBookingDocumentSchema.parse(raw);
        return { carted: false };
      },
      // The seat it took changes the catalogue's seats left too; a paid one changes the cart.
      invalidatesTags: (_r, error) =>
        error ? [] : [TRIALS, 'KlassGroup', 'Attendance', 'CartItem'],
    }),
    cancelTrial: build.mutation<unknown, string>({
      query: (id) => ({ url: TRIALS_API.booking(id), method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [TRIALS, 'KlassGroup', 'Attendance', 'Ledger']),
    }),
  }),
});

export const {
  useTrialBookingsQuery,
  useTrialOptionsQuery,
  useBookTrialMutation,
  useCancelTrialMutation,
} = trialsApi;
