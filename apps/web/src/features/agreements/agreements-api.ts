import {
  type AccountAgreement,
  AGREEMENTS_API,
  type Agreement,
  type AgreementSignature,
  type AgreementVersion,
  accountAgreementListSchema,
  agreementListSchema,
  agreementSignatureDocumentSchema,
  agreementSignatureListSchema,
  agreementVersionDocumentSchema,
  type CreateAgreementBody,
  type SignAgreementBody,
} from '@atelier/contract';
import { api } from '../../lib/api';

// Agreements (docs/product.md#agreements): the admins' list, versions and signatures, and the
// signed-in family's agreements, signatures and withdrawals. Every change refetches both lists:
// signing or withdrawing changes what is due, publishing asks everyone again.

const LIST = { type: 'Agreement' as const, id: 'LIST' };
const ACCOUNT = { type: 'Agreement' as const, id: 'ACCOUNT' };
const signaturesTag = (id: string) => ({ type: 'Agreement' as const, id: `signatures-${id}` });

export const agreementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminAgreements: build.query<Agreement[], void>({
      query: () => ({ url: AGREEMENTS_API.adminAgreements }),
      transformResponse: (raw: unknown) => agreementListSchema.parse(raw).data,
      providesTags: [LIST],
    }),
    createAgreement: build.mutation<unknown, CreateAgreementBody>({
      query: (body) => ({ url: AGREEMENTS_API.adminAgreements, method: 'POST', data: body }),
      invalidatesTags: [LIST],
    }),
    publishAgreementVersion: build.mutation<AgreementVersion, { id: string; body: string }>({
      query: ({ id, body }) => ({
        url: AGREEMENTS_API.adminAgreementVersions(id),
        method: 'POST',
        data: { body },
      }),
      transformResponse: (raw: unknown) => agreementVersionDocumentSchema.parse(raw).data,
      invalidatesTags: [LIST, ACCOUNT],
    }),
    retireAgreement: build.mutation<unknown, string>({
      query: (id) => ({ url: AGREEMENTS_API.adminAgreement(id), method: 'DELETE' }),
      invalidatesTags: [LIST, ACCOUNT],
    }),
    agreementSignatures: build.query<AgreementSignature[], string>({
      query: (id) => ({ url: AGREEMENTS_API.adminAgreementSignatures(id) }),
      transformResponse: (raw: unknown) => agreementSignatureListSchema.parse(raw).data,
      providesTags: (_result, _error, id) => [signaturesTag(id)],
    }),
    accountAgreements: build.query<AccountAgreement[], void>({
      query: () => ({ url: AGREEMENTS_API.accountAgreements }),
      transformResponse: (raw: unknown) => accountAgreementListSchema.parse(raw).data,
      providesTags: [ACCOUNT],
    }),
    signAgreement: build.mutation<AgreementSignature, SignAgreementBody>({
      query: (body) => ({ url: AGREEMENTS_API.signatures, method: 'POST', data: body }),
      transformResponse: (raw: unknown) => agreementSignatureDocumentSchema.parse(raw).data,
      // The family's privacy choice and the gallery follow the media release.
      invalidatesTags: [ACCOUNT, 'AttendeeProfile', 'Post'],
    }),
    withdrawSignature: build.mutation<AgreementSignature, string>({
      query: (id) => ({ url: AGREEMENTS_API.signature(id), method: 'DELETE' }),
      transformResponse: (raw: unknown) => agreementSignatureDocumentSchema.parse(raw).data,
      invalidatesTags: [ACCOUNT, 'AttendeeProfile', 'Post'],
    }),
    signedCopy: build.query<AgreementSignature, string>({
      query: (id) => ({ url: AGREEMENTS_API.signature(id) }),
      transformResponse: (raw: unknown) => agreementSignatureDocumentSchema.parse(raw).data,
      providesTags: [ACCOUNT],
    }),
  }),
});

export const {
  useAdminAgreementsQuery,
  useCreateAgreementMutation,
  usePublishAgreementVersionMutation,
  useRetireAgreementMutation,
  useAgreementSignaturesQuery,
  useAccountAgreementsQuery,
  useSignAgreementMutation,
  useWithdrawSignatureMutation,
  useSignedCopyQuery,
} = agreementsApi;
