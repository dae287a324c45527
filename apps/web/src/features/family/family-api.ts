import {
  type AttendeeProfile,
  attendeeProfileDocumentSchema,
  attendeeProfileListDocumentSchema,
  attendeeProfileSchema,
  FAMILY_API,
  type MedicalAccess,
  medicalAccessLogDocumentSchema,
  medicalAccessSchema,
  type PageMeta,
  parseDocument,
} from '@atelier/contract';
import { z } from 'zod';
import { api, reportLoadFailure } from '../../lib/api';

/** What a family member form sends (the account holder flag is optional on both calls). */
export type FamilyMemberFields = { name: string; birthday: string; is_account_holder: boolean };

/** A member's gallery privacy (docs/product.md#childrens-privacy), changed on PUT only. */
export type FamilyMemberPrivacy = Pick<
  AttendeeProfile,
  'gallery_visibility' | 'comments_need_approval'
>;

export type FamilyPage = { members: AttendeeProfile[]; meta: PageMeta };

/**
 * The child's card as a form sends it (docs/product.md#the-childs-card): each list replaces what
 * was there; a pickup person with an `id` keeps their photo.
 */
export type ChildCardFields = {
  emergency_contacts?: { name: string; phone: string; relation: string }[];
  allergies?: string;
  medical_notes?: string;
  authorised_pickups?: { id?: string; name: string; relation: string; phone: string | null }[];
};

export type MedicalAccessPage = { rows: MedicalAccess[]; meta: PageMeta };
const accessListSchema = z.array(medicalAccessSchema);

const memberListSchema = z.array(attendeeProfileSchema);

function parseMember(body: unknown): AttendeeProfile {
  attendeeProfileDocumentSchema.parse(body);
  return parseDocument(attendeeProfileSchema, body);
}

/** A family account's attendee profiles (docs/architecture.md#domain-model): the people it books into classes. */
export const familyApi = api.injectEndpoints({
  endpoints: (build) => ({
    familyMembers: build.query<FamilyPage, { userId: string; page: number }>({
      query: ({ userId, page }) => ({ url: FAMILY_API.attendeeProfiles(userId), params: { page } }),
      transformResponse: (body: unknown): FamilyPage => ({
        members: parseDocument(memberListSchema, body),
        meta: attendeeProfileListDocumentSchema.parse(body).meta,
      }),
      providesTags: (result) => [
        { type: 'AttendeeProfile', id: 'LIST' },
        ...(result?.members ?? []).map((m) => ({ type: 'AttendeeProfile' as const, id: m.id })),
      ],
      onQueryStarted: reportLoadFailure,
    }),
    addFamilyMember: build.mutation<
      AttendeeProfile,
      { userId: string; fields: FamilyMemberFields }
    >({
      query: ({ userId, fields }) => ({
        url: FAMILY_API.attendeeProfiles(userId),
        method: 'POST',
        data: { attendee_profile: fields },
      }),
      transformResponse: parseMember,
      invalidatesTags: [{ type: 'AttendeeProfile', id: 'LIST' }],
    }),
    updateFamilyMember: build.mutation<
      AttendeeProfile,
      { userId: string; id: string; fields: FamilyMemberFields & Partial<FamilyMemberPrivacy> }
    >({
      query: ({ userId, id, fields }) => ({
        url: FAMILY_API.attendeeProfile(userId, id),
        method: 'PUT',
        data: { attendee_profile: fields },
      }),
      transformResponse: parseMember,
      // The list is ordered by name with the account holder first: any change may move rows.
      invalidatesTags: [{ type: 'AttendeeProfile', id: 'LIST' }],
    }),
    saveChildCard: build.mutation<
      AttendeeProfile,
      { userId: string; id: string; card: ChildCardFields }
    >({
      query: ({ userId, id, card }) => ({
        url: FAMILY_API.attendeeProfile(userId, id),
        method: 'PUT',
        data: { attendee_profile: card },
      }),
      transformResponse: parseMember,
      invalidatesTags: [{ type: 'AttendeeProfile', id: 'LIST' }],
    }),
    uploadPickupPhoto: build.mutation<
      AttendeeProfile,
      { userId: string; id: string; pickupId: string; photo: File }
    >({
      query: ({ userId, id, pickupId, photo }) => {
        const form = new FormData();
        form.append('photo', photo);
        return { url: FAMILY_API.pickupPhoto(userId, id, pickupId), method: 'PUT', data: form };
      },
      transformResponse: parseMember,
      invalidatesTags: [{ type: 'AttendeeProfile', id: 'LIST' }],
    }),
    medicalAccessLog: build.query<MedicalAccessPage, { userId: string; id: string }>({
      query: ({ userId, id }) => ({ url: FAMILY_API.medicalAccessLog(userId, id) }),
      transformResponse: (body: unknown): MedicalAccessPage => ({
        rows: parseDocument(accessListSchema, body),
        meta: medicalAccessLogDocumentSchema.parse(body).meta,
      }),
      onQueryStarted: reportLoadFailure,
    }),
    removeFamilyMember: build.mutation<null, { userId: string; id: string }>({
      query: ({ userId, id }) => ({
        url: FAMILY_API.attendeeProfile(userId, id),
        method: 'DELETE',
      }),
      transformResponse: () => null,
      invalidatesTags: [{ type: 'AttendeeProfile', id: 'LIST' }],
    }),
  }),
});

export const {
  useFamilyMembersQuery,
  useAddFamilyMemberMutation,
  useUpdateFamilyMemberMutation,
  useRemoveFamilyMemberMutation,
  useSaveChildCardMutation,
  useUploadPickupPhotoMutation,
  useMedicalAccessLogQuery,
} = familyApi;
