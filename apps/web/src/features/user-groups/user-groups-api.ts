import {
  ACCOUNTS_API,
  parseDocument,
  USER_GROUPS_API,
  type User,
  type UserGroup,
  userGroupResource,
  userGroupSchema,
  userSchema,
} from '@atelier/contract';
import { z } from 'zod';
import { api, reportLoadFailure } from '../../lib/api';
import { type Paged, parsePaged } from '../../lib/paged-list';
import { type ResourceListArgs, resourceEndpoints } from '../../lib/resource-api';

export type UserGroupListArgs = ResourceListArgs<typeof userGroupResource>;
export type MemberListArgs = { id: string; page: number };

const LIST = 'LIST';
const groupTag = (id: string) => ({ type: 'UserGroup' as const, id });
const membersTag = (id: string) => ({ type: 'UserGroup' as const, id: `members-${id}` });

/** User groups: the resource kit's endpoints; a rename shows on the coupons kept for the group. */
export const {
  useListQuery: useUserGroupsQuery,
  useGetQuery: useUserGroupQuery,
  useCreateMutation: useCreateUserGroupMutation,
  useUpdateMutation: useRenameUserGroupMutation,
  useDeleteMutation: useDeleteUserGroupMutation,
} = resourceEndpoints(userGroupResource, {
  alsoInvalidates: { update: ['Coupon'] },
});

/**
 * User groups' members (docs/product.md#coupons-and-user-groups), and the user search
 * that finds people to add. Responses are flattened and parsed with the contract's schemas.
 */
export const userGroupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    userGroupMembers: build.query<Paged<User>, MemberListArgs>({
      query: ({ id, page }) => ({ url: USER_GROUPS_API.members(id), params: { page } }),
      transformResponse: (raw: unknown) => parsePaged(z.array(userSchema), raw),
      providesTags: (_result, _error, { id }) => [membersTag(id)],
      onQueryStarted: reportLoadFailure,
    }),
    addUserGroupMembers: build.mutation<UserGroup, { id: string; userIds: string[] }>({
      query: ({ id, userIds }) => ({
        url: USER_GROUPS_API.members(id),
        method: 'POST',
        data: { user_ids: userIds },
      }),
      transformResponse: (raw: unknown) => parseDocument(userGroupSchema, raw),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [groupTag(id), membersTag(id), { type: 'UserGroup', id: LIST }],
    }),
    removeUserGroupMember: build.mutation<void, { id: string; userId: string }>({
      query: ({ id, userId }) => ({ url: USER_GROUPS_API.member(id, userId), method: 'DELETE' }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [groupTag(id), membersTag(id), { type: 'UserGroup', id: LIST }],
    }),
    /** Students by name or e-mail, for adding to a group: they are the ones who buy classes. */
    memberCandidates: build.query<User[], string>({
      query: (keyword) => ({
        url: ACCOUNTS_API.usersSearch,
        params: { role: 'student', ...(keyword ? { keyword } : {}) },
      }),
      transformResponse: (raw: unknown) => parseDocument(z.array(userSchema), raw),
      onQueryStarted: reportLoadFailure,
    }),
  }),
});

export const {
  useUserGroupMembersQuery,
  useAddUserGroupMembersMutation,
  useRemoveUserGroupMemberMutation,
  useMemberCandidatesQuery,
} = userGroupsApi;
