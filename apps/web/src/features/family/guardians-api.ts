import {
  type AcceptGuardianResponse,
  acceptGuardianResponseSchema,
  GUARDIANS_API,
  type GuardianListDocument,
  guardianListDocumentSchema,
} from '@atelier/contract';
import { api, reportLoadFailure } from '../../lib/api';

/** A family's second guardians (docs/product.md#second-guardians). */
export const guardiansApi = api.injectEndpoints({
  endpoints: (build) => ({
    familyGuardians: build.query<GuardianListDocument, void>({
      query: () => GUARDIANS_API.guardians,
      transformResponse: (body: unknown) => guardianListDocumentSchema.parse(body),
      providesTags: [{ type: 'FamilyGuardian', id: 'LIST' }],
      onQueryStarted: reportLoadFailure,
    }),
    inviteGuardian: build.mutation<null, { email: string }>({
      query: ({ email }) => ({ url: GUARDIANS_API.guardians, method: 'POST', data: { email } }),
      transformResponse: () => null,
      invalidatesTags: [{ type: 'FamilyGuardian', id: 'LIST' }],
    }),
    removeGuardian: build.mutation<null, { id: string }>({
      query: ({ id }) => ({ url: GUARDIANS_API.guardian(id), method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: [{ type: 'FamilyGuardian', id: 'LIST' }],
    }),
    acceptGuardianInvitation: build.mutation<AcceptGuardianResponse['data'], { token: string }>({
      query: ({ token }) => ({ url: GUARDIANS_API.accept, method: 'POST', data: { token } }),
      transformResponse: (body: unknown) => acceptGuardianResponseSchema.parse(body).data,
    }),
  }),
});

export const {
  useFamilyGuardiansQuery,
  useInviteGuardianMutation,
  useRemoveGuardianMutation,
  useAcceptGuardianInvitationMutation,
} = guardiansApi;
