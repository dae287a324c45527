import {
  type DropIn,
  type DropInOption,
  dropInDocumentSchema,
  dropInOptionsDocumentSchema,
  PASSES_API,
  type PassPurchase,
  passPurchaseListDocumentSchema,
} from '@atelier/contract';
import { api, reportLoadFailure } from '../../lib/api';

const PURCHASES = { type: 'Pass' as const, id: 'PURCHASES' };

/** The family's class passes and drop-ins (docs/product.md#class-passes-and-drop-ins). */
export const passesApi = api.injectEndpoints({
  endpoints: (build) => ({
    passPurchases: build.query<PassPurchase[], void>({
      query: () => PASSES_API.purchases,
      transformResponse: (raw: unknown) => passPurchaseListDocumentSchema.parse(raw).data,
      providesTags: [PURCHASES],
      onQueryStarted: reportLoadFailure,
    }),
    /** `programmeId`: only that programme's classes (from its booking card). */
    dropInOptions: build.query<DropInOption[], { purchaseId: string; programmeId?: string }>({
      query: ({ purchaseId, programmeId }) => ({
        url: PASSES_API.dropInOptions,
        params: {
          pass_purchase_id: purchaseId,
          ...(programmeId ? { klass_group_id: programmeId } : {}),
        },
      }),
      transformResponse: (raw: unknown) => dropInOptionsDocumentSchema.parse(raw).data,
      providesTags: [PURCHASES],
    }),
    bookDropIn: build.mutation<
      DropIn,
      { purchaseId: string; klassId: string; attendeeProfileId: string }
    >({
      query: ({ purchaseId, klassId, attendeeProfileId }) => ({
        url: PASSES_API.dropIns,
        method: 'POST',
        data: {
          pass_purchase_id: purchaseId,
          klass_id: klassId,
          attendee_profile_id: attendeeProfileId,
        },
      }),
      transformResponse: (raw: unknown) => dropInDocumentSchema.parse(raw).data,
      invalidatesTags: (_r, error) => (error ? [] : [PURCHASES, 'Attendance']),
    }),
    cancelDropIn: build.mutation<DropIn, string>({
      query: (id) => ({ url: PASSES_API.dropIn(id), method: 'DELETE' }),
      transformResponse: (raw: unknown) => dropInDocumentSchema.parse(raw).data,
      invalidatesTags: (_r, error) => (error ? [] : [PURCHASES, 'Attendance']),
    }),
  }),
});

export const {
  usePassPurchasesQuery,
  useDropInOptionsQuery,
  useBookDropInMutation,
  useCancelDropInMutation,
} = passesApi;
